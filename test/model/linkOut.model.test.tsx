// The frames load about:blank: let happy-dom load them rather than log that iframe pages are off.
// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "enableIframePageLoading": true } }
import { expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { linkOutFrameMachine, type LinkOutEvent } from '../../machines/linkOut/linkOutFrame.machine';
import { LinkOutFrame } from '../../src/ui/linkOut/LinkOutFrame';
import { loadAreaCatalogue } from '../../src/i18n/areas';
import { englishCatalogue } from '../../src/i18n/locales';
import { deferred, type Deferred } from '../fixtures/async';
import { buildMiniApp } from '../fixtures/miniApps';
import { linkOutModel, type LinkOutModelState } from './linkOut.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

const APP = buildMiniApp({ name: 'Visitors', baseUrl: 'about:blank' });
const PAGE = '<p>The building newsletter</p>';
const NOT_LOADED = 'Something went wrong. Page could not be loaded';

/** The frame with its page fetch settled by the test; the close messages of the page are the view's Close here. */
function start(inspect?: (event: InspectionEvent) => void) {
  const fetches: Deferred<string>[] = [];
  const actor = createActor(
    linkOutFrameMachine.provide({
      actors: {
        fetchPage: fromPromise(() => {
          const call = deferred<string>();
          fetches.push(call);
          return call.promise;
        }),
        closeMessages: fromCallback<LinkOutEvent>(() => () => {}),
      },
    }),
    inspect ? { inspect } : {},
  ).start();
  return { actor, fetches };
}
type Flow = ReturnType<typeof start>;

const lastFetch = (flow: Flow) => flow.fetches.at(-1)!;
const dialog = () => screen.queryByRole('dialog');
const iframe = () => dialog()?.querySelector('iframe') ?? null;
const is = (flow: Flow, value: unknown) => flow.actor.getSnapshot().matches(value as never);

modelSuite({
  name: 'link-out frame',
  model: linkOutModel,
  areas: ['linkOut'],
  start: (_, { inspect }) => start(inspect),
  render: async ({ actor }) => {
    const messages = await loadAreaCatalogue('linkOut', 'en');
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...messages }}>
        <LinkOutFrame actor={actor} />
      </IntlProvider>,
    );
  },
  world: (flow, event) => {
    switch (event.type) {
      case 'app.openPage':
        return flow.actor.send({ type: 'linkOut.open', url: 'https://news.example/letter', kind: 'page', title: 'Newsletter' });
      case 'app.openSurvey':
        return flow.actor.send({ type: 'linkOut.open', url: 'about:blank', kind: 'survey', title: 'Survey' });
      case 'app.openMiniApp':
        return flow.actor.send({
          type: 'linkOut.open',
          url: APP.baseUrl,
          kind: 'page',
          title: APP.name,
          miniApp: { app: APP, frameId: 'f-1', bridged: false },
        });
      case 'api.page':
        return lastFetch(flow).resolve(PAGE);
      case 'api.notLoaded':
        return lastFetch(flow).resolve('{"statusCode":404,"message":"Not Found"}');
      case 'api.failed':
        return lastFetch(flow).reject(new Error('Failed to fetch'));
      default:
        throw new Error(`${event.type} is the person's`);
    }
  },
  send: ({ actor }) => actor.send({ type: 'linkOut.close' }),
  press: () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
  machineState: {
    hidden: (flow) => is(flow, 'hidden') && flow.actor.getSnapshot().context.url === null,
    loading: (flow) => is(flow, { open: 'loading' }) && flow.actor.getSnapshot().context.url === 'https://news.example/letter',
    page: (flow) => is(flow, { open: 'page' }) && flow.actor.getSnapshot().context.html === PAGE,
    failed: (flow) => is(flow, { open: 'failed' }) && flow.actor.getSnapshot().context.html === null,
    survey: (flow) => is(flow, { open: 'survey' }),
    miniApp: (flow) => is(flow, { open: 'miniApp' }) && flow.actor.getSnapshot().context.miniApp?.frameId === 'f-1',
  } satisfies Record<LinkOutModelState, (flow: Flow) => boolean>,
  viewState: {
    hidden: () => expect(dialog()).toBeNull(),
    loading: () => {
      screen.getByRole('dialog', { name: 'Newsletter' });
      screen.getByRole('progressbar');
      expect(iframe()).toBeNull();
    },
    page: () => {
      screen.getByRole('dialog', { name: 'Newsletter' });
      expect(iframe()?.getAttribute('srcdoc')).toBe(PAGE);
      expect(screen.queryByRole('progressbar')).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toBe(NOT_LOADED);
      expect(iframe()).toBeNull();
    },
    survey: () => {
      screen.getByRole('dialog', { name: 'Survey' });
      expect(iframe()?.getAttribute('src')).toBe('about:blank');
      expect(iframe()?.getAttribute('srcdoc')).toBeNull();
    },
    miniApp: () => {
      screen.getByRole('dialog', { name: APP.name });
      expect(iframe()?.getAttribute('data-bridge-frame')).toBe('f-1');
      expect(iframe()?.getAttribute('sandbox')).toBe(APP.sandbox);
    },
  } satisfies Record<LinkOutModelState, () => void>,
  // A page is fetched once per opening, and only a page is.
  finally: (flow, events) => expect(flow.fetches.length).toBe(events.filter((e) => e.type === 'app.openPage').length),
  stop: ({ actor }) => actor.stop(),
  machines: [linkOutFrameMachine],
  everyMachineTransition: true,
});

it('link-out frame: the test model agrees with the machine: the same frame states', () => {
  expect(Object.keys(linkOutFrameMachine.config.states!.open!.states ?? {}).sort()).toEqual(['failed', 'loading', 'miniApp', 'page', 'survey']);
  expect(modelGraph(linkOutModel).edges.length).toBe(11);
});
