import type { ContentPreview } from '../../../machines/content/cta';

/**
 * The router as the machines' named actions use it (navigate, re-run the routing rules, write a hash). The router is
 * created after the root actor (its context holds the actor), so it attaches itself here once it exists.
 */
export interface RouterHandle {
  navigate(to: string, options?: { replace?: boolean; quiet?: boolean; state?: NavigationState }): void;
  invalidate(): void;
  /** Resolves the current address: its rules, then the screen flows its routes open. */
  load(): Promise<void>;
  pathname(): string;
}

/** What a move inside the app may carry to the screen it opens, kept in the history entry (a reload keeps it too). */
export interface NavigationState {
  /** A content screen's preview from the tile that led to it (machines/content/cta.ts). */
  contentPreview?: ContentPreview;
}

// The router's history entries carry the same (TanStack's HistoryState, widened).
declare module '@tanstack/history' {
  interface HistoryState {
    contentPreview?: ContentPreview;
  }
}

let router: RouterHandle | null = null;
let attached: (handle: RouterHandle) => void = () => {};
const routerAttached = new Promise<RouterHandle>((resolve) => {
  attached = resolve;
});

export function attachRouter(handle: RouterHandle) {
  router = handle;
  attached(handle);
}

/**
 * The router's first resolution of the address, once the router exists (start-up can be done before it is made). Its
 * routes read the session and the flags, so the app asks for this only when those are known.
 */
export async function resolveRoute(): Promise<void> {
  await (await routerAttached).load();
}

/**
 * Writes `#id` into the address without a history entry and without the router's own scroll to the hash (the page
 * is already where the person scrolled).
 */
export function replaceHash(id: string) {
  if (!id || window.location.hash === `#${encodeURIComponent(id)}`) return;
  const href = `${window.location.pathname}${window.location.search}#${encodeURIComponent(id)}`;
  if (router) router.navigate(href, { replace: true, quiet: true });
  else window.history.replaceState(window.history.state, '', href);
}

/**
 * Goes to an address of the app; `replace` takes the current history entry's place (Back skips it); `state` goes with
 * the history entry (without the router, a full load, it is dropped).
 */
export function navigate(to: string, options?: { replace?: boolean; state?: NavigationState }) {
  if (router) router.navigate(to, options);
  else if (typeof window === 'undefined') return;
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The routing rules run again for the current address. */
export function invalidateRoute() {
  router?.invalidate();
}

/** The router's current path, or null before the router exists. */
export const currentPath = () => router?.pathname() ?? null;
