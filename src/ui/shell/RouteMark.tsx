import { useLayoutEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';

/**
 * Marks the document with the address whose screen is shown, once the router has resolved it and its screen is in the
 * page (`<html data-route="/path?query" data-routes="n">`, `n` counting the moves): what support tools and the
 * browser tests read to know that a move inside the app is done, since a screen may keep the one before in view while
 * its code loads. Mounted once, beside the routes.
 */
let moves = 0;
export function RouteMark() {
  // The resolved address and its history entry's key: a move to the address shown (a redirect back) is a move too.
  const resolved = useRouterState({
    select: (state) => {
      const location = state.status === 'idle' ? state.resolvedLocation : undefined;
      return location ? `${(location.state as { __TSR_key?: string }).__TSR_key ?? ''} ${location.href}` : undefined;
    },
  });
  useLayoutEffect(() => {
    if (resolved === undefined) return;
    moves += 1;
    document.documentElement.dataset.route = resolved.slice(resolved.indexOf(' ') + 1);
    document.documentElement.dataset.routes = String(moves);
  }, [resolved]);
  return null;
}
