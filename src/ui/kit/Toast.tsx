import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { styled } from './stitches.config';

const Card = styled('div', {
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$3',
  padding: '$3 $3 $3 $4',
  borderRadius: '$3',
  backgroundColor: '$raised',
  color: '$text',
  boxShadow: '$overlay',
  borderLeft: '4px solid',
  '& > svg': { flexShrink: 0, marginTop: 2 },
  variants: {
    tone: {
      success: { borderLeftColor: '$success', '& > svg': { color: '$success' } },
      info: { borderLeftColor: '$primary', '& > svg': { color: '$primary' } },
      error: { borderLeftColor: '$danger', '& > svg': { color: '$danger' } },
    },
  },
});
const Message = styled('p', { margin: 0, flex: 1, alignSelf: 'center' });
const Dismiss = styled('button', {
  appearance: 'none',
  border: 0,
  background: 'transparent',
  color: '$muted',
  width: 32,
  height: 32,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '$round',
  cursor: 'pointer',
  flexShrink: 0,
  '&:hover': { backgroundColor: '$neutralSoft', color: '$text' },
});

const ICONS = { success: CircleCheck, info: Info, error: CircleAlert } as const;

/** One toast: its tone's icon, the message, and a dismiss button. */
export function Toast({
  tone,
  children,
  dismissLabel,
  onDismiss,
}: {
  tone: 'success' | 'info' | 'error';
  children: ReactNode;
  dismissLabel: string;
  onDismiss: () => void;
}) {
  const Glyph = ICONS[tone];
  return (
    <Card tone={tone} data-tone={tone}>
      <Glyph size={20} aria-hidden="true" focusable="false" />
      <Message>{children}</Message>
      <Dismiss type="button" aria-label={dismissLabel} onClick={onDismiss}>
        <X size={18} aria-hidden="true" focusable="false" />
      </Dismiss>
    </Card>
  );
}
