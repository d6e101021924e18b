import { lazy, Suspense } from 'react';
import { Skeleton } from '../kit/Skeleton';
import type { QrCodeProps } from './QrCodeImage';

const QrCodeImage = lazy(() => import('./QrCodeImage'));

/** A QR code of `text`; its encoder loads with the first one shown (a square placeholder meanwhile). */
export function QrCode({ size = 176, ...rest }: QrCodeProps) {
  return (
    <Suspense fallback={<Skeleton css={{ width: size, height: size }} aria-hidden="true" />}>
      <QrCodeImage size={size} {...rest} />
    </Suspense>
  );
}
