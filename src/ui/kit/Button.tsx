import { styled } from './stitches.config';

export const Button = styled('button', {
  appearance: 'none',
  border: '1px solid transparent',
  borderRadius: '$2',
  padding: '$3 $5',
  fontSize: '$3',
  fontWeight: 600,
  cursor: 'pointer',
  minHeight: 44,
  width: '100%',
  '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  variants: {
    variant: {
      primary: { backgroundColor: '$primary', color: '$onPrimary' },
      secondary: { backgroundColor: 'transparent', color: '$primary', borderColor: '$primary' },
      link: { backgroundColor: 'transparent', color: '$primary', padding: '$1', minHeight: 0, width: 'auto', textDecoration: 'underline' },
    },
  },
  defaultVariants: { variant: 'primary' },
});
