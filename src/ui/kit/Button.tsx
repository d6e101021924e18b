import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';
import { styled } from './stitches.config';
import { spin } from './Layout';

/** The kit's button look: variants, sizes, full width (the default) or not. */
export const ButtonBase = styled('button', {
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  border: '1px solid transparent',
  backgroundColor: 'transparent',
  color: 'inherit',
  borderRadius: '$2',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  minHeight: 44,
  padding: '$3 $5',
  fontSize: '$3',
  width: '100%',
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  variants: {
    variant: {
      primary: { backgroundColor: '$primary', color: '$onPrimary' },
      secondary: { color: '$primary', borderColor: '$primary' },
      ghost: { color: '$text', '&:hover': { backgroundColor: '$neutralSoft' } },
      danger: { backgroundColor: '$danger', color: '$surface' },
      link: { color: '$primary', padding: '$1', minHeight: 0, width: 'auto', textDecoration: 'underline' },
    },
    size: {
      sm: { minHeight: 32, padding: '$1 $3', fontSize: '$2' },
      md: {},
      lg: { minHeight: 52, fontSize: '$4' },
    },
    width: { full: {}, auto: { width: 'auto' } },
  },
  defaultVariants: { variant: 'primary' },
});

const Busy = styled('span', {
  width: '1em',
  height: '1em',
  borderRadius: '$round',
  border: '2px solid',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
});

export type ButtonProps = ComponentProps<typeof ButtonBase> &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** A call is under way: the button says so (aria-busy, a spinner) and cannot be pressed again. */
    busy?: boolean;
    /** An icon before the label. */
    icon?: ReactNode;
  };

/** The kit's button (variants primary, secondary, ghost, danger, link; sizes sm, md, lg; busy and disabled). */
export function Button({ busy, icon, children, disabled, ...props }: ButtonProps) {
  return (
    <ButtonBase disabled={disabled || busy} aria-busy={busy || undefined} {...props}>
      {busy ? <Busy aria-hidden="true" /> : icon}
      {children}
    </ButtonBase>
  );
}
