/**
 * Holds what need not leave at once (page views) and sends it a moment later, in order, or as the page is hidden:
 * the first paint of a page, and its first load, carry no analytics call and not the HTTP library it needs.
 */
export function deferredSender<T>(
  send: (item: T) => void,
  delayMs = 3000,
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
) {
  const queue: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    for (const item of queue.splice(0)) send(item);
  };
  win?.addEventListener('pagehide', flush);
  return {
    add(item: T) {
      queue.push(item);
      timer ??= setTimeout(flush, delayMs);
    },
    flush,
  };
}
