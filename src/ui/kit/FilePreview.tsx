import { useEffect, useState, type ImgHTMLAttributes } from 'react';

/**
 * A chosen file drawn as an image (a photo's thumbnail before it is sent): a local address for its bytes made while
 * it shows and released after. Nothing is read or sent; an object that is no Blob (a test's stand-in) shows nothing.
 */
export function FilePreview({ file, ...img }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { file: object }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(file instanceof Blob) || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [file]);
  return url ? <img {...img} src={url} /> : <span aria-hidden="true" data-preview-pending="" className={img.className} />;
}
