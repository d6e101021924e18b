/**
 * Start-up in stages (decision 064): each stage's code is imported when the stage begins, so the browser evaluates it
 * in a task of its own, and the browser gets the main thread back between stages (paint, input). One stage's code
 * evaluated with all the others at once would be one long task that holds a person's first tap. Every module this file
 * imports is a start-up stage: the page preloads them all (server/lib/appPage.ts reads them from the build's
 * manifest), so staging costs no round trip.
 */

/** Lets the browser in: `scheduler.yield` where the browser has it (start-up keeps its place in the queue), else a timer. */
const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** A stage's code, evaluated, then the browser let in before the stage runs. */
async function stage<T>(load: () => Promise<T>): Promise<T> {
  const loaded = await load();
  await yieldToBrowser();
  return loaded;
}

async function boot() {
  const { globalStyles } = await stage(() => import('./ui/kit/stitches.config'));
  globalStyles();
  await yieldToBrowser();

  const { createAppActor, attachAppRouter } = await stage(() => import('./app/appActor'));
  // `?inspect` in development attaches the Stately inspector; it never ships in the production bundle.
  let inspect: Parameters<typeof createAppActor>[0] = undefined;
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  // Development and VITE_DEV_KIT builds record the system for the statechart visualizer (/__statecharts), in this tab
  // or another; a production build has neither the tap nor the page (docs/decisions/202-statechart-visualizer.md).
  if (import.meta.env.DEV || import.meta.env.VITE_DEV_KIT === 'true') {
    const { inspectionTap } = await import('./devtools/inspectionTap');
    const tap = inspectionTap();
    const stately = inspect as { next?: (event: Parameters<typeof tap>[0]) => void } | undefined;
    inspect = stately
      ? (event) => {
          tap(event);
          stately.next?.(event);
        }
      : tap;
  }
  const app = await createAppActor(inspect, yieldToBrowser);
  await yieldToBrowser();

  const [{ screenLoader }, { createAppRouter, preloadRouteCode, preloadHomeOnSignIn }, { reportError }] = await stage(() =>
    Promise.all([import('./app/screens'), import('./routes/router'), import('./app/adapters/errorReporting')]),
  );
  const screens = screenLoader(app);
  const router = createAppRouter(app, screens, reportError);
  attachAppRouter(router);
  preloadRouteCode(router, screens);
  await yieldToBrowser();

  const [{ renderApp }, { releasePageShell }] = await stage(() => Promise.all([import('./ui/shell/renderApp'), import('./app/adapters/pageShell')]));
  const root = document.getElementById('root')!;
  releasePageShell(root);
  renderApp(root, app, router);
  preloadHomeOnSignIn(router, screens, () => app.getSnapshot().context.locale);
}

void boot();
