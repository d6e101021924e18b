import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { attachAppRouter, createAppActor } from './app/appActor';
import { screenLoader } from './app/screens';
import { reportError } from './app/adapters/errorReporting';
import { AppActorProvider } from './ui/appContext';
import { IntlRoot, Startup } from './ui/shell/Startup';
import { createAppRouter, preloadRouteCode } from './routes/router';
import { globalStyles } from './ui/kit/stitches.config';

async function boot() {
  globalStyles();
  // `?inspect` in development attaches the Stately inspector; it never ships in the production bundle.
  let inspect: Parameters<typeof createAppActor>[0] = undefined;
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  const app = createAppActor(inspect);
  const screens = screenLoader(app);
  const router = createAppRouter(app, screens, reportError);
  attachAppRouter(router);
  preloadRouteCode(router, screens);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppActorProvider actor={app}>
        <IntlRoot>
          <Startup>
            <RouterProvider router={router} />
          </Startup>
        </IntlRoot>
      </AppActorProvider>
    </StrictMode>,
  );
}

void boot();
