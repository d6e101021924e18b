import { useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/media/placeholder.svg';

/** An image that shows the placeholder when its own fails to load (marked data-placeholder for tests and styles). */
export function ImageWithFallback({ src, ...img }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  const shown = failed || !src ? PLACEHOLDER_IMAGE : src;
  return <img {...img} src={shown} data-placeholder={shown === PLACEHOLDER_IMAGE || undefined} onError={() => setFailed(true)} />;
}
