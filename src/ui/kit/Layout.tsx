import { keyframes, styled } from './stitches.config';

export const Page = styled('main', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: '$6 $4',
});

export const Card = styled('section', {
  backgroundColor: '$surface',
  borderRadius: '$3',
  boxShadow: '$card',
  width: '100%',
  maxWidth: 440,
  padding: '$6 $5',
});

export const Heading = styled('h1', { fontSize: '$5', margin: '0 0 $2' });
export const Text = styled('p', { color: '$muted', margin: '0 0 $4' });
export const Stack = styled('div', { display: 'flex', flexDirection: 'column', gap: '$3' });
export const Alert = styled('p', {
  margin: '0 0 $4',
  padding: '$3',
  borderRadius: '$2',
  fontSize: '$2',
  variants: {
    tone: {
      // #EC003E on this tint falls short of WCAG AA (3.8:1); a darker red reads at 6:1.
      error: { backgroundColor: '#FDE7EC', color: '#B3002F' },
      info: { backgroundColor: '#E7F1F8', color: '$text' },
    },
  },
  defaultVariants: { tone: 'error' },
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const Spinner = styled('div', {
  width: 40,
  height: 40,
  borderRadius: '$round',
  border: '4px solid $border',
  borderTopColor: '$primary',
  animation: `${spin} 0.8s linear infinite`,
});

export const FullScreenCenter = styled('div', {
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexDirection: 'column',
  gap: '$4',
});
