import { styled } from './stitches.config';

/** Where toasts stack: bottom centre on a phone, bottom right from tablet width up, above everything. */
export const ToastViewport = styled('section', {
  position: 'fixed',
  zIndex: '$toast',
  bottom: '$4',
  left: '$4',
  right: '$4',
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  pointerEvents: 'none',
  '@tablet': { left: 'auto', width: 380 },
});
