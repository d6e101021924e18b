import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { styled } from './stitches.config';

const Row = styled('button', {
  appearance: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  width: '100%',
  minHeight: 44,
  padding: '$2 $3',
  border: 0,
  background: 'transparent',
  color: '$text',
  fontSize: '$3',
  textAlign: 'start',
  cursor: 'pointer',
  '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
});
const Track = styled('span', {
  position: 'relative',
  flexShrink: 0,
  width: 40,
  height: 24,
  borderRadius: '$round',
  // Off: the control colour (3:1 on the surface, WCAG 1.4.11), in light and dark alike.
  backgroundColor: '$control',
  transition: 'background-color 120ms',
  '[aria-checked="true"] > &': { backgroundColor: '$primary' },
});
const Thumb = styled('span', {
  position: 'absolute',
  top: 2,
  left: 2,
  width: 20,
  height: 20,
  borderRadius: '$round',
  backgroundColor: '$surface',
  transition: 'transform 120ms',
  '[aria-checked="true"] > * > &': { transform: 'translateX(16px)' },
});

export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role' | 'type' | 'onClick'> {
  label: ReactNode;
  checked: boolean;
  onToggle: () => void;
}

/** An on/off switch (role="switch"): the label on the left, the track on the right. */
export function Switch({ label, checked, onToggle, ...button }: SwitchProps) {
  return (
    <Row type="button" role="switch" aria-checked={checked} onClick={onToggle} {...button}>
      <span>{label}</span>
      <Track aria-hidden="true">
        <Thumb />
      </Track>
    </Row>
  );
}
