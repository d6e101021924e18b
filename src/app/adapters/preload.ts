/**
 * Asks the browser for an image the page will show soon, at high priority, before anything renders it (the home
 * page's hero is a CSS background, which the browser would otherwise find only after the page's styles apply).
 * Asking twice for one address adds nothing.
 */
export function preloadImage(url: string | null | undefined, doc: Document | undefined = typeof document === 'undefined' ? undefined : document) {
  if (!url || !doc) return;
  const already = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].some(
    (link) => link.getAttribute('href') === url,
  );
  if (already) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  doc.head.append(link);
}

/** Runs `work` once the page has painted and gone idle: what the first paint does not need waits for it. */
export function afterFirstPaint(work: () => void, win: Window | undefined = typeof window === 'undefined' ? undefined : window) {
  if (!win) return;
  const idle = () =>
    typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(() => work(), { timeout: 2000 }) : win.setTimeout(work, 1);
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
