import { expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { LOCALE_ID, localeMachine } from '../../machines/locale/locale.machine';
import { IntlRoot } from '../../src/ui/shell/Startup';
import { englishCatalogue } from '../../src/i18n/locales';
import { deferred, type Deferred } from '../fixtures/async';
import { localeModel, type LocaleModelContext, type LocaleModelState } from './locale.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { renderInApp, standInApp } from './appStandIn.harness';

const WORDS = { en: englishCatalogue['app.retry'], fr: 'Réessayer' } as const;
const CATALOGUES = { en: englishCatalogue, fr: { ...englishCatalogue, 'app.retry': WORDS.fr } };

type Catalogue = { locale: string; messages: Record<string, string> };

/** The locale actor with each catalogue load settled by the test; the app's keeping of the language a spy. */
function start(inspect?: (event: InspectionEvent) => void) {
  const loads: { requested: string | null; call: Deferred<Catalogue> }[] = [];
  const remembered = vi.fn();
  const reported = vi.fn();
  const actor = createActor(
    localeMachine.provide({
      actors: {
        loadCatalogue: fromPromise(({ input }) => {
          const call = deferred<Catalogue>();
          loads.push({ requested: input.requested, call });
          return call.promise;
        }),
      },
      actions: { rememberLocale: (_, p) => remembered(p.locale), reportLocale: (_, p) => reported(p.locale) },
    }),
    { input: { requested: 'en' }, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, loads, remembered, reported };
}
type Flow = ReturnType<typeof start>;
type Model = { context: LocaleModelContext };

/** A screen's words in the language the root's react-intl has. */
function Probe() {
  const intl = useIntl();
  return (
    <p data-testid="probe" lang={intl.locale}>
      {intl.formatMessage({ id: 'app.retry' })}
    </p>
  );
}

const inLanguage = (flow: Flow, { context }: Model) => flow.actor.getSnapshot().context.locale === context.shown;

modelSuite<typeof localeModel, Flow, LocaleModelState>({
  name: 'locale',
  model: localeModel,
  lens: { viewKey: ({ value, context }) => `${String(value)} ${(context as LocaleModelContext).shown}` },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    renderInApp(
      standInApp({ [LOCALE_ID]: actor }),
      <IntlRoot>
        <Probe />
      </IntlRoot>,
    ),
  world: (flow, event) => {
    if (event.type === 'app.askFrench') return flow.actor.send({ type: 'locale.set', requested: 'fr-FR' });
    if (event.type === 'app.askEnglish') return flow.actor.send({ type: 'locale.set', requested: 'en' });
    const { requested, call } = flow.loads.at(-1)!;
    const locale = requested?.startsWith('fr') ? 'fr' : 'en';
    if (event.type === 'api.catalogue') return call.resolve({ locale, messages: CATALOGUES[locale] });
    return call.reject(new Error('Failed to fetch the catalogue'));
  },
  send: () => {
    throw new Error('the language is asked for by the app');
  },
  press: () => {
    throw new Error('the language is asked for by the app');
  },
  machineState: {
    loading: (flow, model) =>
      flow.actor.getSnapshot().hasTag('loading') &&
      inLanguage(flow, model) &&
      flow.actor.getSnapshot().context.requested?.startsWith(model.context.asked) === true,
    ready: (flow, model) => flow.actor.getSnapshot().hasTag('ready') && inLanguage(flow, model),
  },
  viewState: {
    loading: (_, { context }: Model) => expect(screen.getByTestId('probe').textContent).toBe(WORDS[context.shown]),
    ready: (_, { context }: Model) => {
      expect(screen.getByTestId('probe').textContent).toBe(WORDS[context.shown]);
      expect(screen.getByTestId('probe').getAttribute('lang')).toBe(context.shown);
    },
  },
  // Every catalogue that came in is kept as the person's language and told to the app; a failed one is neither.
  finally: ({ remembered, reported, loads }, events) => {
    const inCount = events.filter((e) => e.type === 'api.catalogue').length;
    expect(remembered).toHaveBeenCalledTimes(inCount);
    expect(reported.mock.calls).toEqual(remembered.mock.calls);
    expect(loads.length).toBe(1 + events.filter((e) => e.type.startsWith('app.')).length);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [localeMachine],
  everyMachineTransition: true,
});

it('locale: the test model asks for a language while one loads and after', () => expect(modelGraph(localeModel).edges.length).toBeGreaterThan(8));
