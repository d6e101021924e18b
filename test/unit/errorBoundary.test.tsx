import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type ErrorRouteComponent,
} from '@tanstack/react-router';
import { createAppRouter } from '../../src/routes/router';
import { englishCatalogue } from '../../src/i18n/locales';
import { ErrorPage } from '../../src/ui/shell/ErrorPages';
import type { AppActor } from '../../machines/app/app.refs';
import type { ScreenLoader } from '../../src/routes/screens';

/**
 * The error boundary (access document, sections 2 and 8): a screen that throws while it renders shows "Sorry.. there
 * was an Error" and a way home, in place of the screen.
 */
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** What the app's router shows when a route fails: its root route's error component. */
function appErrorComponent() {
  const router = createAppRouter({} as AppActor, (() => Promise.reject(new Error('no screens'))) as unknown as ScreenLoader, () => {});
  return router.routeTree.options.errorComponent as ErrorRouteComponent | undefined;
}

/** A memory router with the app's error component at its root and a screen that throws at /broken. */
async function renderBrokenScreen(errorComponent: ErrorRouteComponent) {
  const rootRoute = createRootRoute({ component: Outlet, errorComponent });
  const broken = createRoute({
    getParentRoute: () => rootRoute,
    path: '/broken',
    component: () => {
      throw new Error('a screen that breaks');
    },
  });
  const router = createRouter({ routeTree: rootRoute.addChildren([broken]), history: createMemoryHistory({ initialEntries: ['/broken'] }) });
  await router.load();
  await act(async () => {
    render(
      <IntlProvider locale="en" messages={englishCatalogue}>
        <RouterProvider router={router} />
      </IntlProvider>,
    );
  });
}

describe('the error boundary', () => {
  it('is the app router’s error page', () => {
    expect(appErrorComponent()).toBe(ErrorPage);
  });

  it('shows "Sorry.. there was an Error" in place of a screen that throws, with a way home and no technical detail', async () => {
    // React and the router report the error on the console; the test keeps it quiet.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderBrokenScreen(appErrorComponent()!);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Sorry.. there was an Error' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(document.body.textContent).not.toContain('a screen that breaks');
  });
});
