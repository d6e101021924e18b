import { PAGE_SHELL_ID } from '../../../contracts/boot';

/**
 * The sign-in page arrives with a first paint of its own over the app (decision 059): it goes once the app has drawn a
 * screen, known by its heading (or an alert, when the API cannot be reached), and at the latest after ten seconds.
 * The app renders underneath all along, so its focus and its fields are in place when the shell goes.
 */
export function releasePageShell(root: HTMLElement, doc: Document = document, latestMs = 10_000): void {
  const shell = doc.getElementById(PAGE_SHELL_ID);
  if (!shell) return;
  const drawn = () => root.querySelector('h1, [role="alert"]') !== null;
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    shell.remove();
  };
  const observer = new MutationObserver(() => {
    if (drawn()) release();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(release, latestMs);
}
