/**
 * Where the card frame lives (decision 120): its own origin, by default the host name `cards.<the app's host>` on the
 * app's port (`cards.localhost` for a local server, which browsers resolve to this machine), or CARD_FRAME_ORIGIN.
 * The app's page frames it; the frame posts cards to the vault on its own origin, so the page never holds a number.
 */
export const defaultCardFrameOrigin = (publicOrigin: string): string => siblingOrigin(publicOrigin, 'cards');

/**
 * An origin of its own beside the app's: the host name `<label>.<the app's host>` on the app's scheme and port
 * (`<label>.localhost` when the app is reached by an address). The card frame's is `cards`, the mini-apps' `apps`.
 */
export function siblingOrigin(publicOrigin: string, label: string): string {
  const url = new URL(publicOrigin);
  const isAddress = /^[\d.]+$/.test(url.hostname) || url.hostname.includes(':') || url.hostname.startsWith('[');
  url.hostname = isAddress ? `${label}.localhost` : `${label}.${url.hostname}`;
  return url.origin;
}

/** The host (with port, as a Host header carries it) of an origin. */
export const hostOf = (origin: string) => new URL(origin).host.toLowerCase();

/** The app origins that may frame the card fields: the public origin and every brand host on its scheme and port. */
export function cardFrameParents(publicOrigin: string, brandHosts: string[], extra: string[]): string[] {
  const base = new URL(publicOrigin);
  const origins = brandHosts.map((host) => {
    const url = new URL(publicOrigin);
    url.hostname = host;
    return url.origin;
  });
  return [...new Set([base.origin, ...origins, ...extra.map((o) => new URL(o).origin)])];
}

/** The card frame page's policy: its own script, style and vault only, framed only by the one app origin that asked. */
export const cardFrameCsp = (parent: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    `frame-ancestors ${parent}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
