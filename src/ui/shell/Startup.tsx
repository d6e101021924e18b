import { useDeferredValue, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useSelector } from '@xstate/react';
import { LOCALE_ID } from '../../../machines/locale/locale.machine';
import { englishCatalogue } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Card, FullScreenCenter, Heading, Page, Spinner, Text } from '../kit/Layout';
import { useAppActor, useAppSelector } from '../appContext';
import type { ActorRefFrom } from 'xstate';
import type { localeMachine } from '../../../machines/locale/locale.machine';

/** react-intl with the locale machine's language and catalogue (English until another one is in). */
export function IntlRoot({ children }: { children: ReactNode }) {
  const locale = useAppActor().system.get(LOCALE_ID) as ActorRefFrom<typeof localeMachine>;
  const tag = useSelector(locale, (s) => s.context.locale);
  const messages = useSelector(locale, (s) => s.context.messages) ?? englishCatalogue;
  return (
    <IntlProvider locale={tag} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  );
}

/** The full-screen spinner until start-up is done; a retry page when the API cannot be reached. */
export function Startup({ children }: { children: ReactNode }) {
  const t = useT();
  const app = useAppActor();
  // The switch from the spinner to the app is a deferred render: React renders the first screen in slices and lets the
  // browser in between them, where an update from the actor (a store) would render it all in one task.
  const starting = useDeferredValue(useAppSelector((s) => s.hasTag('starting')));
  const unavailable = useAppSelector((s) => s.hasTag('unavailable'));
  if (unavailable) {
    return (
      <Page>
        <Card role="alert">
          <Heading>{t('app.unavailable.title')}</Heading>
          <Text>{t('app.unavailable.description')}</Text>
          <Button type="button" onClick={() => app.send({ type: 'user.retry' })}>
            {t('app.retry')}
          </Button>
        </Card>
      </Page>
    );
  }
  if (starting) {
    return (
      <FullScreenCenter aria-busy="true">
        <Spinner role="progressbar" aria-label={t('app.loading')} />
      </FullScreenCenter>
    );
  }
  return <>{children}</>;
}
