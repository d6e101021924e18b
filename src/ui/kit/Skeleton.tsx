import { keyframes, styled } from './stitches.config';

const shimmer = keyframes({ '0%': { opacity: 0.55 }, '50%': { opacity: 1 }, '100%': { opacity: 0.55 } });

/** A grey block standing in for content while it loads (hidden from assistive technology; the list says it is busy). */
export const Skeleton = styled('div', {
  backgroundColor: '$border',
  borderRadius: '$2',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});
