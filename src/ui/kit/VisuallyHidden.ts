import { styled } from './stitches.config';

/** Text for assistive technology only: read, not shown. A module of its own, so that using it pulls in no icons. */
export const VisuallyHidden = styled('span', {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
