import { useEffect } from 'react';
import { applyScreenTitle } from '../kit/theme';

/**
 * Names each screen in the tab's title (WCAG 2.4.2): the screen's main heading, the first `h1` on the page, before the
 * brand's name. Every screen has one heading of its own, so following it keeps the title true on every screen, its
 * loading and error states too, without each screen repeating its name. Mounted once, beside the routes.
 */
export function ScreenTitle() {
  useEffect(() => {
    const follow = () => applyScreenTitle(document.querySelector('h1')?.textContent ?? null);
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    follow();
    return () => observer.disconnect();
  }, []);
  return null;
}
