import { create } from 'qrcode';

/** The dark modules of a QR code as one SVG path, with the four-module quiet zone the standard asks for around it. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { size: modules.size + quiet * 2, path };
}

export interface QrCodeProps {
  text: string;
  /** The image's accessible name. */
  label: string;
  size?: number;
  testId?: string;
}

/**
 * A QR code of `text` drawn as SVG (black on white, whatever the theme: scanners want the contrast). Loaded lazily
 * (`QrCode.tsx`), so the encoder stays out of every page that does not show one.
 */
export default function QrCodeImage({ text, label, size = 176, testId = 'qr-code' }: QrCodeProps) {
  const qr = qrPath(text);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-qr-text={text}
      style={{ display: 'block', background: '#FFFFFF', borderRadius: 8 }}
    >
      <rect width={qr.size} height={qr.size} fill="#FFFFFF" />
      <path d={qr.path} fill="#000000" />
    </svg>
  );
}
