import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { AnyActorRef } from 'xstate';
import type { AppActor } from '../../src/app/appActor';
import { AppActorProvider } from '../../src/ui/appContext';
import { englishCatalogue } from '../../src/i18n/locales';

/**
 * The app as a view that reads one long-lived actor by its systemId sees it: a system that holds the actors given
 * (the real chart is not what such a suite tests; its own model, `app.model`, does that).
 */
export const standInApp = (actors: Record<string, AnyActorRef>): AppActor => ({ system: { get: (id: string) => actors[id] } }) as unknown as AppActor;

/** Renders a view over the stand-in app, in English with the given area messages. */
export function renderInApp(app: AppActor, view: ReactNode, messages: Record<string, string> = {}) {
  return render(
    <AppActorProvider actor={app}>
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...messages }}>
        {view}
      </IntlProvider>
    </AppActorProvider>,
  );
}
