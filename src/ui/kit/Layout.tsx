import type { ComponentProps } from 'react';
import { keyframes, styled } from './stitches.config';

const PageMain = styled('main', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: '$6 $4',
});

/** A screen's main content, `#main`: where the skip link leads, also without script (a new tab, a middle click). */
export const Page = (props: ComponentProps<typeof PageMain>) => <PageMain id="main" {...props} />;

const PageContainerMain = styled('main', {
  width: '100%',
  maxWidth: 1200,
  margin: '0 auto',
  padding: '$5 $4 $7',
  display: 'flex',
  flexDirection: 'column',
  gap: '$5',
  minWidth: 0,
  '@tablet': { padding: '$6 $5 $7', gap: '$6' },
});

/**
 * The page container of the screens past sign-in that list things (home, amenities, the company directory): one width
 * and one pair of side margins, so their edges line up when one goes from one to the other. `#main`, as `Page`.
 */
export const PageContainer = (props: ComponentProps<typeof PageContainerMain>) => <PageContainerMain id="main" {...props} />;

/** The same width and side margins for a band that spans the page (the home's hero text). */
export const PageInset = styled('div', { width: '100%', maxWidth: 1200, margin: '0 auto', padding: '0 $4', '@tablet': { padding: '0 $5' } });

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
      // The tone's colour on its soft ground: AA in light and dark (test/unit/kit.contrast.test.ts).
      error: { backgroundColor: '$dangerSoft', color: '$danger' },
      info: { backgroundColor: '$neutralSoft', color: '$text' },
    },
  },
  defaultVariants: { tone: 'error' },
});

export const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
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
