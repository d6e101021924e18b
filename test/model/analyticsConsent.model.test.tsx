import { expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createActor, type InspectionEvent } from 'xstate';
import { ANALYTICS_CONSENT_ID, analyticsConsentMachine, type AnalyticsConsent } from '../../machines/analytics/analyticsConsent.machine';
import { AnalyticsConsentSwitch } from '../../src/ui/account/AnalyticsConsentSwitch';
import accountMessages from '../../src/i18n/areas/account/en.json';
import { analyticsConsentModel, type AnalyticsConsentModelEvent, type AnalyticsConsentModelState } from './analyticsConsent.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { renderInApp, standInApp } from './appStandIn.harness';

const KEPT: Record<string, AnalyticsConsent> = { 'start.none': null, 'start.granted': 'granted', 'start.withdrawn': 'withdrawn' };

/** The consent actor as the app runs it, the tag's and the storage's work as spies. */
function start(event: AnalyticsConsentModelEvent, inspect?: (event: InspectionEvent) => void) {
  const tag = { added: vi.fn(), removed: vi.fn() };
  const persisted = vi.fn();
  const actor = createActor(
    analyticsConsentMachine.provide({ actions: { addTag: tag.added, removeTag: tag.removed, persistConsent: (_, p) => persisted(p.consent) } }),
    { input: { persisted: KEPT[event.type] }, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, tag, persisted };
}
type Flow = ReturnType<typeof start>;

/** Whether the tag is on the page: added last (granted), removed last (withdrawn), or never touched (no choice). */
const tagOn = ({ tag }: Flow) => {
  const added = tag.added.mock.invocationCallOrder.at(-1) ?? 0;
  const removed = tag.removed.mock.invocationCallOrder.at(-1) ?? 0;
  return added === 0 && removed === 0 ? null : added > removed;
};
const theSwitch = () => screen.getByRole('switch', { name: 'Share usage analytics' });
const switchShows = (on: boolean, state: string) => () => {
  expect(theSwitch().getAttribute('aria-checked')).toBe(String(on));
  expect(theSwitch().getAttribute('data-consent')).toBe(state);
};
const opening = (): never => {
  throw new Error('no step ends in opening: it is the state before a start.* event');
};

modelSuite<typeof analyticsConsentModel, Flow, AnalyticsConsentModelState>({
  name: 'analytics consent',
  model: analyticsConsentModel,
  start: (event, { inspect }) => start(event!, inspect),
  render: ({ actor }) => renderInApp(standInApp({ [ANALYTICS_CONSENT_ID]: actor }), <AnalyticsConsentSwitch />, accountMessages),
  world: () => {
    throw new Error('the consent has only the person');
  },
  send: ({ actor }, event) => actor.send(event as { type: 'user.grant' | 'user.withdraw' }),
  press: () => fireEvent.click(theSwitch()),
  machineState: {
    opening,
    unknown: (flow) => flow.actor.getSnapshot().matches('unknown') && tagOn(flow) === null,
    granted: (flow) => flow.actor.getSnapshot().hasTag('granted') && tagOn(flow) === true,
    withdrawn: (flow) => flow.actor.getSnapshot().matches('withdrawn') && tagOn(flow) === false,
  },
  viewState: { opening, unknown: switchShows(false, 'unknown'), granted: switchShows(true, 'granted'), withdrawn: switchShows(false, 'withdrawn') },
  // Each choice the person makes is kept for the next visit; a kept one resumed is not written again.
  finally: ({ persisted }, events) =>
    expect(persisted.mock.calls.map(([c]) => c)).toEqual(
      events.filter((e) => e.type.startsWith('user.')).map((e) => (e.type === 'user.grant' ? 'granted' : 'withdrawn')),
    ),
  stop: ({ actor }) => actor.stop(),
  machines: [analyticsConsentMachine],
  everyMachineTransition: true,
});

it('analytics consent: the test model: three starts, three choices', () => expect(modelGraph(analyticsConsentModel).edges.length).toBe(6));
