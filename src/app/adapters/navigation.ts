/**
 * Lets machines' actions move the router without holding it: the router registers itself when it is created.
 * (Machines are started before the router exists.)
 */
type Navigate = (to: string, options?: { replace?: boolean; quiet?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate) {
  navigator = navigate;
}

/**
 * Writes `#id` into the address without a history entry and without the router's own scroll to the hash (the page
 * is already where the person scrolled).
 */
export function replaceHash(id: string) {
  if (!id || window.location.hash === `#${encodeURIComponent(id)}`) return;
  const href = `${window.location.pathname}${window.location.search}#${encodeURIComponent(id)}`;
  if (navigator) navigator(href, { replace: true, quiet: true });
  else window.history.replaceState(window.history.state, '', href);
}

export function navigate(to: string) {
  if (navigator) navigator(to);
  else if (typeof window !== 'undefined') window.location.assign(to);
}
