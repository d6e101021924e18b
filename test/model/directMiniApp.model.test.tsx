// The mini-app's frame loads about:blank: let happy-dom load it rather than log that iframe pages are off.
// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "enableIframePageLoading": true } }
import { expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise, sendTo, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { directMiniAppMachine } from '../../machines/linkOut/directMiniApp.machine';
import { linkOutFrameMachine, type LinkOutEvent } from '../../machines/linkOut/linkOutFrame.machine';
import type { DirectMiniAppInput } from '../../machines/linkOut/directMiniApp.types';
import { DirectMiniApp } from '../../src/ui/linkOut/DirectMiniAppPage';
import { loadAreaCatalogue } from '../../src/i18n/areas';
import { englishCatalogue } from '../../src/i18n/locales';
import { buildMiniApp } from '../fixtures/miniApps';
import { directMiniAppModel, type DirectMiniAppModelEvent, type DirectMiniAppModelState } from './directMiniApp.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

const APP = buildMiniApp({ name: 'Visitors', baseUrl: 'about:blank' });

const INPUTS: Record<string, DirectMiniAppInput> = {
  'start.open': { appUuid: APP.uuid, app: APP, enabled: true, lobby: false },
  'start.off': { appUuid: APP.uuid, app: APP, enabled: false, lobby: false },
  'start.unknown': { appUuid: 'nobody-registered-this', app: null, enabled: true, lobby: false },
  'start.lobby': { appUuid: APP.uuid, app: APP, enabled: true, lobby: true },
};

/** The screen as the app runs it: the mini-app opened in its frame child (unbridged here: no bridge runs), home a spy. */
function start(event: DirectMiniAppModelEvent, inspect?: (event: InspectionEvent) => void) {
  const goHome = vi.fn();
  const logic = directMiniAppMachine.provide({
    actors: {
      linkOut: linkOutFrameMachine.provide({
        actors: { fetchPage: fromPromise(async () => ''), closeMessages: fromCallback<LinkOutEvent>(() => () => {}) },
      }),
    },
    actions: {
      openApp: sendTo('linkOut', ({ context }) => ({
        type: 'linkOut.open' as const,
        url: context.app!.baseUrl,
        kind: 'page' as const,
        title: context.app!.name,
        miniApp: { app: context.app!, frameId: 'f-direct', bridged: false },
      })) as never,
      goHome,
    },
  });
  const actor = createActor(logic, { input: INPUTS[event.type]!, ...(inspect ? { inspect } : {}) }).start();
  return { actor, goHome };
}
type Flow = ReturnType<typeof start>;

const frameOf = (flow: Flow) => flow.actor.getSnapshot().children.linkOut as ActorRefFrom<typeof linkOutFrameMachine> | undefined;
const dialog = () => screen.queryByRole('dialog', { name: APP.name });
const refusal = (title: string) => () => {
  screen.getByText(title);
  screen.getByRole('button', { name: 'Go to the home page' });
  expect(dialog()).toBeNull();
};

modelSuite<typeof directMiniAppModel, Flow, DirectMiniAppModelState>({
  name: 'direct mini-app link',
  model: directMiniAppModel,
  areas: ['linkOut'],
  start: (event, { inspect }) => start(event!, inspect),
  render: async ({ actor }) => {
    const messages = await loadAreaCatalogue('linkOut', 'en');
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...messages }}>
        <DirectMiniApp screen={actor} />
      </IntlProvider>,
    );
  },
  // The mini-app's closeMFE reaches the frame child as its close (src/app/screens/linkOut.ts hears it).
  world: (flow) => frameOf(flow)!.send({ type: 'linkOut.close' }),
  send: (flow, event) => (event.type === 'user.close' ? frameOf(flow)!.send({ type: 'linkOut.close' }) : flow.actor.send({ type: 'user.home' })),
  press: (_, event) => fireEvent.click(screen.getByRole('button', { name: event.type === 'user.close' ? 'Close' : 'Go to the home page' })),
  machineState: {
    start: () => false,
    open: (flow) => flow.actor.getSnapshot().matches({ open: 'showing' }) && !!frameOf(flow)?.getSnapshot().matches({ open: 'miniApp' }),
    off: (flow) => flow.actor.getSnapshot().matches('off'),
    unknown: (flow) => flow.actor.getSnapshot().matches('unknown'),
    lobby: (flow) => flow.actor.getSnapshot().matches('lobby'),
    home: (flow) => flow.actor.getSnapshot().matches('closed'),
  },
  viewState: {
    start: () => {
      throw new Error('the screen starts in its first state');
    },
    open: () => {
      expect(dialog()).not.toBeNull();
      expect(dialog()!.querySelector('iframe')?.getAttribute('src')).toBe(APP.baseUrl);
      screen.getByText('Opening Visitors…');
    },
    off: refusal('This link can’t open a mini-app here'),
    unknown: refusal('This mini-app isn’t available'),
    lobby: refusal('Mini-apps don’t open on a lobby screen'),
    home: () => expect(dialog()).toBeNull(),
  },
  // Every way ends at home, once; a refusal never opened the mini-app.
  finally: (flow, events, model) => {
    expect(flow.goHome).toHaveBeenCalledTimes(model.value === 'home' ? 1 : 0);
    if (events[0]!.type !== 'start.open') expect(frameOf(flow)?.getSnapshot().matches('hidden')).toBe(true);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [directMiniAppMachine],
  everyMachineTransition: true,
});

it('direct mini-app link: the test model agrees with the machine: the same refusals, one way to open', () => {
  expect(Object.keys(directMiniAppMachine.config.states ?? {}).sort()).toEqual(['closed', 'deciding', 'lobby', 'off', 'open', 'unknown']);
  expect(modelGraph(directMiniAppModel).edges.length).toBe(9);
});
