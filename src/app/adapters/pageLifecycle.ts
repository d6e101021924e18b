/**
 * Whether the page is being left (`pagehide`): the API client then keeps quiet about calls the browser cancels.
 * A page the browser brings back from its back-forward cache loads again, since calls cancelled as it left never
 * settled.
 */
export function pageLeaving(win: Window | undefined = typeof window === 'undefined' ? undefined : window): () => boolean {
  let leaving = false;
  win?.addEventListener('pagehide', () => {
    leaving = true;
  });
  win?.addEventListener('pageshow', (event) => {
    if (leaving && (event as PageTransitionEvent).persisted) win.location.reload();
  });
  return () => leaving;
}
