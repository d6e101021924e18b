/**
 * Lets machines' actions move the router without holding it: the router registers itself when it is created.
 * (Machines are started before the router exists.)
 */
type Navigate = (to: string) => void;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate) {
  navigator = navigate;
}

export function navigate(to: string) {
  if (navigator) navigator(to);
  else if (typeof window !== 'undefined') window.location.assign(to);
}
