import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { attachAppRouter, createAppActor } from './app/appActor';
import { screenLoader } from './app/screens';
import { reportError } from './app/adapters/errorReporting';
import { AppActorProvider } from './ui/appContext';
import { IntlRoot, Startup } from './ui/shell/Startup';
import { createAppRouter, preloadRouteCode } from './routes/router';
import { globalStyles } from './ui/kit/stitches.config';
import { releasePageShell } from './app/adapters/pageShell';

/**
 * Lets the browser in between start-up's steps (paint, input), so start-up is a few short tasks instead of one long
 * one: `scheduler.yield` where the browser has it (the rest of start-up keeps its place in the queue), else a timer.
 */
const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

async function boot() {
  globalStyles();
  await yieldToBrowser();
  // `?inspect` in development attaches the Stately inspector; it never ships in the production bundle.
  let inspect: Parameters<typeof createAppActor>[0] = undefined;
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  const app = createAppActor(inspect);
  await yieldToBrowser();
  const screens = screenLoader(app);
  const router = createAppRouter(app, screens, reportError);
  attachAppRouter(router);
  preloadRouteCode(router, screens);
  await yieldToBrowser();
  const root = document.getElementById('root')!;
  releasePageShell(root);
  // The first render as a transition: React renders it in slices and lets the browser in between, instead of one
  // long task that holds the main thread (and a person's first tap) while the whole app mounts.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppActorProvider actor={app}>
          <IntlRoot>
            <Startup>
              <RouterProvider router={router} />
            </Startup>
          </IntlRoot>
        </AppActorProvider>
      </StrictMode>,
    ),
  );
}

void boot();
