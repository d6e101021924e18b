/**
 * Focus after a move to another page: its heading (h1), so a screen reader starts at the new page and the next Tab
 * goes on from there. Left alone when something took focus on purpose (a field that focuses itself, a dialog or a
 * menu, or anything the new page focused while its heading was still on its way: the visitor desk's greeting, read by
 * the camera before a slow device had drawn the heading), or when the person pressed a key or the pointer before the
 * new page's heading came in. `to` is the new address: the heading is looked for once the document shows it.
 */
export function focusPageHeading(to?: string) {
  if (typeof document === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  const deadline = Date.now() + 4000;
  // What had focus when the move began (the link that was followed, or nothing): anything else focused since was focused on purpose.
  const before = document.activeElement;
  // The address the document is marked with (src/ui/shell/RouteMark.tsx): until it is `to`, the page shown is the one
  // before, whose heading must not be taken for the new one's (a lazy screen keeps the old page in view while its code
  // loads).
  const moved = () => to === undefined || document.documentElement.dataset.route === to;
  let interacted = false;
  const onInteraction = () => (interacted = true);
  const stop = () => {
    document.removeEventListener('pointerdown', onInteraction, true);
    document.removeEventListener('keydown', onInteraction, true);
  };
  document.addEventListener('pointerdown', onInteraction, true);
  document.addEventListener('keydown', onInteraction, true);
  const attempt = () => {
    const active = document.activeElement;
    const focusedOnPurpose =
      !!active &&
      active !== document.body &&
      active.isConnected &&
      (active !== before || !!active.closest('input, textarea, select, [role="dialog"], [role="menu"]'));
    if (interacted || focusedOnPurpose) return stop();
    // The new page may still be loading its code or its data: its heading comes with it.
    const heading = moved() ? (document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1')) : null;
    if (!heading) {
      if (Date.now() < deadline) setTimeout(attempt, 100);
      else stop();
      return;
    }
    stop();
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  };
  // After the new page has rendered (the router reports before React commits it).
  requestAnimationFrame(() => requestAnimationFrame(attempt));
}
