import { BOOT_DATA_ID, type BootData } from '../../../contracts/boot';

/**
 * The boot data the server wrote into the page (server/lib/appPage.ts), read once at start; null on a page without
 * it (the development server, a host that serves the built files alone), where start-up makes its calls instead.
 */
export function readBootData(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): BootData | null {
  const text = doc?.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<BootData> | null;
    return data && typeof data === 'object' && data.config && typeof data.config.apiBase === 'string' ? (data as BootData) : null;
  } catch {
    return null;
  }
}

/** A value the page carried, handed out once: a second start-up (the retry after an outage) asks the server again. */
export function once<T>(value: T | null | undefined): () => T | null {
  let left = value ?? null;
  return () => {
    const taken = left;
    left = null;
    return taken;
  };
}
