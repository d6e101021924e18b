import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { AppActorProvider } from '../appContext';
import { IntlRoot, Startup } from './Startup';
import type { AppActor } from '../../../machines/app/app.refs';

/**
 * Mounts the app in `root`. The first render is a transition: React renders it in slices and lets the browser in
 * between, instead of one long task that holds the main thread (and a person's first tap) while the whole app mounts.
 */
export function renderApp(root: HTMLElement, app: AppActor, router: AnyRouter): void {
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
