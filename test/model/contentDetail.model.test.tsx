import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { contentDetailMachine, type ContentDetailInput } from '../../machines/content/contentDetail.machine';
import type { ContentView } from '../../machines/content/contentView';
import { ContentDetailPage } from '../../src/ui/content/ContentDetailPage';
import { contentView } from '../fixtures/content';
import { contentDetailModel, type ContentDetailModelEvent, type ContentDetailModelState } from './contentDetail.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { renderScreen, startScreen } from './screen.harness';

// ---------------------------------------------------------------------------------------------------------------
// A content screen, on a person's screen or a lobby kiosk's: loaded with each kind of call to action (an RSVP, a
// claim, a link to a new tab, a route in the app, a registered micro-frontend framed, none), not found, failed.

const INPUT: ContentDetailInput = {
  source: 'content',
  buildingUuid: 'b-1',
  uuid: 'c-1',
  links: { origin: 'https://tenant.atrium.test', miniApps: ['https://mfe.test/'] },
  now: '2026-11-22T12:00:00Z',
};

const CONTENTS: Record<string, ContentView> = {
  'api.rsvp': contentView({ type: 'EVENT_POST', title: 'Rooftop yoga', cta: { isRsvp: true, capacity: 20, count: 3 } }),
  'api.claim': contentView({ type: 'OFFER', title: 'Coffee deal', cta: { isClaim: true, isClaimable: true, isEligible: true } }),
  'api.newTab': contentView({ title: 'Bike week', cta: { type: 'EXTERNAL_LINK', url: 'https://example.com/open', label: 'Read more' } }),
  'api.route': contentView({ title: 'New café', cta: { type: 'INTERNAL_LINK', attachableAmenityUuid: 'a-cafe', label: 'See the café' } }),
  'api.frame': contentView({ title: 'Lunch orders', cta: { type: 'MICRO_FRONTEND', url: 'https://mfe.test/app', label: 'Order lunch' } }),
  'api.none': contentView({ title: 'Lift works' }),
};
const ROUTE = '/building/b-1/amenities/a-cafe';

const failure = (status: number) => Object.assign(new Error(status === 404 ? 'Not Found' : 'Bad Gateway'), { status });
const alertText = () =>
  screen
    .queryAllByRole('alert')
    .map((a) => a.textContent)
    .join(' ');
const tryAgain = () => screen.getByRole('button', { name: 'Try again' });
const actionBar = () => screen.getByTestId('action-bar');
/** The content the last load answered (the model's last `api.*` event). */
const loaded = (events: ContentDetailModelEvent[]) => CONTENTS[events.filter((e) => e.type.startsWith('api.')).at(-1)!.type]!;

function startContent(lobby: boolean, inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const opened = vi.fn();
  const navigated = vi.fn();
  const logic = contentDetailMachine.provide({
    actors: { load: fromPromise(() => calls.call<ContentView>('content')) },
    actions: { openInNewTab: (_, params) => opened(params.url), navigate: (_, params) => navigated(params.to) },
  });
  return { ...startScreen('contentDetail', logic, { ...INPUT, lobby }, inspect), calls, opened, navigated };
}
type ContentFlow = ReturnType<typeof startContent>;

modelSuite<typeof contentDetailModel, ContentFlow, ContentDetailModelState>({
  name: 'content detail',
  model: contentDetailModel,
  areas: ['content', 'linkOut', 'shell'],
  start: (event, { inspect }) => startContent(event?.type === 'start.lobby', inspect),
  render: (flow) => renderScreen(flow, () => <ContentDetailPage />, '/building/b-1/content/c-1'),
  world: ({ calls }, event) => {
    const pending = calls.take(['content']);
    if (event.type === 'api.notFound') return pending.reject(failure(404));
    if (event.type === 'api.failed') return pending.reject(failure(503));
    return pending.resolve(CONTENTS[event.type]);
  },
  send: ({ actor }, event) => actor.send({ type: event.type as 'user.retry' | 'user.followCta' }),
  press: (_, event, before) =>
    fireEvent.click(
      event.type === 'user.retry'
        ? tryAgain()
        : within(actionBar()).getByRole('button', { name: before.context.cta === 'frame' ? 'Order lunch' : /Read more|See the café/ }),
    ),
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().matches('loading'),
    failed: ({ actor }) => actor.getSnapshot().matches('failed') && actor.getSnapshot().context.error?.status === 503,
    notFound: ({ actor }) => actor.getSnapshot().matches('notFound') && actor.getSnapshot().context.error?.status === 404,
    lobby: ({ actor }) => actor.getSnapshot().matches({ loaded: 'lobby' }) && actor.getSnapshot().context.lobby === true,
    rsvp: ({ actor }) => actor.getSnapshot().matches({ loaded: 'rsvp' }) && !!actor.getSnapshot().children.rsvp,
    claim: ({ actor }) => actor.getSnapshot().matches({ loaded: 'claim' }) && !!actor.getSnapshot().children.claim,
    // What following the link did: a new tab, a move in the app, or the frame opened, as often as it was followed.
    link: ({ actor, opened, navigated }, model) => {
      const { cta, followed } = model.context;
      const frameOpen = !!actor.getSnapshot().children.linkOut?.getSnapshot().hasTag('open');
      return (
        actor.getSnapshot().matches({ loaded: 'link' }) &&
        opened.mock.calls.length === (cta === 'newTab' ? followed : 0) &&
        opened.mock.calls.every(([url]) => url === 'https://example.com/open') &&
        navigated.mock.calls.length === (cta === 'route' ? followed : 0) &&
        navigated.mock.calls.every(([to]) => to === ROUTE) &&
        frameOpen === (cta === 'frame' && followed === 1)
      );
    },
  },
  viewState: {
    loading: () => expect(screen.getByRole('progressbar', { name: 'Loading…' })).not.toBeNull(),
    failed: () => {
      expect(alertText()).toContain('This content could not be loaded.');
      expect(tryAgain()).not.toBeNull();
    },
    notFound: () => {
      expect(alertText()).toContain('This content is no longer available.');
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    },
    lobby: (_, __, events) => {
      expect(screen.getByRole('heading', { level: 1, name: loaded(events).title })).not.toBeNull();
      expect(within(screen.getByTestId('phone-handoff')).getByRole('heading', { name: 'Continue on your phone' })).not.toBeNull();
      expect(within(actionBar()).queryAllByRole('button')).toEqual([]);
    },
    rsvp: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Rooftop yoga' })).not.toBeNull();
      expect(within(actionBar()).getByRole('button', { name: 'RSVP' })).not.toBeNull();
    },
    claim: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Coffee deal' })).not.toBeNull();
      expect(within(actionBar()).getByRole('button', { name: 'Claim' })).not.toBeNull();
    },
    link: (_, model, events) => {
      const content = loaded(events);
      expect(screen.getByRole('heading', { level: 1, name: content.title })).not.toBeNull();
      expect(screen.queryByTestId('phone-handoff')).toBeNull();
      // A content with no call to action shows no button; a link's button carries its label.
      expect(
        within(actionBar())
          .queryAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(content.cta.label ? [content.cta.label] : []);
      // The micro-frontend's frame covers the page once followed (its page not fetched here: the frame says so).
      const framed = model.context.cta === 'frame' && model.context.followed === 1;
      expect(screen.queryByRole('dialog') !== null).toBe(framed);
    },
  },
  stop: ({ app }) => app.stop(),
  machines: [contentDetailMachine],
  everyMachineTransition: true,
});

describe('content detail: the test model', () => {
  it('agrees with the machine: every state of the flow has a model state', () => {
    const loadedStates = Object.keys(contentDetailMachine.states.loaded!.states).filter((s) => s !== 'deciding');
    const top = Object.keys(contentDetailMachine.states).filter((s) => s !== 'loaded');
    for (const state of [...top, ...loadedStates]) expect(Object.keys(contentDetailModel.states), state).toContain(state);
  });
});
