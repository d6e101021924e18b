import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import type { Farm } from '../../machines/farm/farmSelector.types';
import { AppActorProvider } from '../../src/ui/appContext';
import { Startup } from '../../src/ui/shell/Startup';
import { englishCatalogue } from '../../src/i18n/locales';
import { deferred, flush, type Deferred } from '../fixtures/async';

afterEach(cleanup);

const unreachableFarm: Farm = { uuid: 'custom', description: 'Far away', url: 'https://farm.invalid' };

/**
 * The start-up view over the real app chart, its children quiet and its loads done but the health check (held by the
 * test) and the router's resolution (held too). `app` counts how often the app behind start-up rendered.
 */
async function startUnavailable(farm: Farm | null) {
  const health: Deferred<void>[] = [];
  const route = deferred<void>();
  const quiet = fromCallback(() => () => {});
  const done = fromPromise(async () => {});
  const actor = createActor(
    appMachine.provide({
      actors: {
        session: quiet,
        flags: quiet,
        building: quiet,
        locale: quiet,
        headerMenu: quiet,
        globalError: quiet,
        kiosk: quiet,
        analyticsConsent: quiet,
        colorScheme: quiet,
        notifications: quiet,
        flagsReady: done,
        userReady: done,
        localeReady: done,
        loadWhitelabel: fromPromise(() => Promise.reject(new Error('no brand here'))),
        healthCheck: fromPromise(() => {
          const next = deferred<void>();
          health.push(next);
          return next.promise;
        }),
        resolveRoute: fromPromise(() => route.promise),
      } as never,
      actions: { persistFarm: () => {} },
    }),
    { input: { requestedLocale: 'en', farm } },
  ).start();
  const app = { renders: 0 };
  const App = () => {
    app.renders += 1;
    return <p>The app</p>;
  };
  render(
    <AppActorProvider actor={actor}>
      <IntlProvider locale="en" defaultLocale="en" messages={englishCatalogue}>
        <Startup>
          <App />
        </Startup>
      </IntlProvider>
    </AppActorProvider>,
  );
  await act(async () => {
    await flush();
    health[0]!.reject({ status: 0, message: 'Failed to fetch' });
    await flush();
  });
  expect(actor.getSnapshot().matches('unavailable')).toBe(true);
  return { actor, health, route, app };
}

describe('Startup: the service cannot be reached', () => {
  it('names the farm in use and leads back to the default farm; the app does not show until start-up is done again', async () => {
    const { actor, health, route, app } = await startUnavailable(unreachableFarm);
    screen.getByRole('heading', { name: "We can't reach the service right now" });
    screen.getByText("You're using the farm Far away (https://farm.invalid).");
    screen.getByRole('button', { name: 'Try again' });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back to the default farm' }));
      await flush();
    });
    expect(actor.getSnapshot().context.farm).toBeNull();
    // Starting again: the spinner at once. The app (its router) must not mount in between: it would wait on a view
    // that is then gone, and start-up would never end.
    screen.getByRole('progressbar', { name: 'Loading…' });
    expect(app.renders).toBe(0);

    await act(async () => {
      health[1]!.resolve();
      route.resolve();
      await flush();
    });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    screen.getByText('The app');
  });

  it('without a farm there is no farm to leave: only the retry', async () => {
    await startUnavailable(null);
    screen.getByRole('button', { name: 'Try again' });
    expect(screen.queryByRole('button', { name: 'Back to the default farm' })).toBeNull();
    expect(screen.queryByText(/You're using the farm/)).toBeNull();
  });
});
