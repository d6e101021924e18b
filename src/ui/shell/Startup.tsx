import { useDeferredValue, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useSelector } from '@xstate/react';
import { LOCALE_ID } from '../../../machines/locale/locale.machine';
import { englishCatalogue } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Card, FullScreenCenter, Heading, Page, Spinner, Stack, Text } from '../kit/Layout';
import { useAppActor, useAppSelector } from '../appContext';
import { runningActor } from '../../../machines/app/system';

/** react-intl with the locale machine's language and catalogue (English until another one is in). */
export function IntlRoot({ children }: { children: ReactNode }) {
  const locale = runningActor(useAppActor().system, LOCALE_ID);
  const tag = useSelector(locale, (s) => s.context.locale);
  const messages = useSelector(locale, (s) => s.context.messages) ?? englishCatalogue;
  return (
    <IntlProvider locale={tag} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  );
}

/**
 * The full-screen spinner until start-up is done; a retry page when the API cannot be reached, with the way back to
 * the default API when a farm's was the one out of reach.
 */
export function Startup({ children }: { children: ReactNode }) {
  const t = useT();
  const app = useAppActor();
  // The switch from the spinner to the app is a deferred render: React renders the first screen in slices and lets the
  // browser in between them, where an update from the actor (a store) would render it all in one task. The way back
  // (from the unavailable page, starting again) is not deferred: the router must not mount for the one render in
  // between, or its loads would wait on a view that is gone (the start would never end).
  const startingNow = useAppSelector((s) => s.hasTag('starting'));
  const starting = useDeferredValue(startingNow) || startingNow;
  const unavailable = useAppSelector((s) => s.hasTag('unavailable'));
  const canLeaveFarm = useAppSelector((s) => s.can({ type: 'user.useDefaultFarm' }));
  const farm = useAppSelector((s) => s.context.farm);
  if (unavailable) {
    return (
      <Page>
        <Card role="alert">
          <Heading>{t('app.unavailable.title')}</Heading>
          <Text>{t('app.unavailable.description')}</Text>
          {canLeaveFarm && farm ? (
            <Text css={{ overflowWrap: 'anywhere' }}>{t('app.unavailable.farm', { description: farm.description, url: farm.url })}</Text>
          ) : null}
          <Stack>
            <Button type="button" onClick={() => app.send({ type: 'user.retry' })}>
              {t('app.retry')}
            </Button>
            {canLeaveFarm ? (
              <Button type="button" variant="secondary" onClick={() => app.send({ type: 'user.useDefaultFarm' })}>
                {t('app.unavailable.useDefaultFarm')}
              </Button>
            ) : null}
          </Stack>
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
