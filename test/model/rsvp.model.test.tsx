import { expect, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createActor, fromPromise, type Actor, type InspectionEvent } from 'xstate';
import { rsvpMachine, type RsvpCounts, type RsvpInput } from '../../machines/content/rsvp.machine';
import { RsvpCta } from '../../src/ui/content/RsvpCta';
import { contentView, rsvpFlowInput } from '../fixtures/content';
import { rsvpModel, type RsvpModelContext, type RsvpModelEvent, type RsvpModelState } from './rsvp.model';
import { PendingCalls, renderInEnglish } from './cta.harness';
import { modelSuite } from './modelSuite';

const NOW = '2026-11-23T12:00:00Z';
const EXTERNAL = 'https://tickets.example/run';

/** Room at the event: the starts and `counts` below count from 3 of 10 attending; no label of its own (the app's RSVP). */
const base = rsvpFlowInput({ capacity: 10, attendeeCount: 3, userCount: 0, ctaUrl: null, ctaLabel: null, now: NOW });
const STARTS: Record<string, RsvpInput> = {
  'start.room': base,
  'start.full': { ...base, attendeeCount: 10, isClaimable: false },
  'start.attending': { ...base, attendeeCount: 4, userCount: 1 },
  'start.external': { ...base, capacity: null, ctaUrl: EXTERNAL, ctaLabel: 'Register', isClaimable: false },
  'start.attended': { ...base, attendeeCount: 4, userCount: 1, endAt: '2026-11-23T11:00:00Z', isClaimable: false },
};
const counts = (reads: { attending: boolean; full: boolean }): RsvpCounts =>
  reads.full
    ? { capacity: 10, attendeeCount: 10, userCount: 0, isClaimable: false }
    : { capacity: 10, attendeeCount: reads.attending ? 4 : 3, userCount: reads.attending ? 1 : 0, isClaimable: true };

/** The real flow with calls the test settles. */
function start(event: RsvpModelEvent['type'], inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const spies = { openCtaUrl: vi.fn(), reportFailure: vi.fn(), reportRecovered: vi.fn() };
  const input = STARTS[event]!;
  const actor = createActor(
    rsvpMachine.provide({
      actors: {
        attend: fromPromise(() => calls.call<RsvpCounts>('attend')),
        recall: fromPromise(() => calls.call<RsvpCounts>('recall')),
        refresh: fromPromise(() => calls.call<RsvpCounts>('refresh')),
      },
      actions: {
        openCtaUrl: (_, p) => spies.openCtaUrl(p.url),
        reportFailure: (_, p) => spies.reportFailure(p),
        reportRecovered: () => spies.reportRecovered(),
      },
    }),
    { input, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, calls, spies, input };
}
type Flow = ReturnType<typeof start>;

/** The server's answer to the pending call, as the model names it. */
function answer(calls: PendingCalls, event: RsvpModelEvent['type'], model: RsvpModelContext) {
  switch (event) {
    case 'api.attended':
      return calls.take(['attend']).resolve(counts({ attending: true, full: false }));
    case 'api.full':
      return calls.take(['attend']).reject({ status: 409, code: 'rsvp_full', message: 'full' });
    case 'api.already':
      return calls.take(['attend']).reject({ status: 409, code: 'already_rsvpd', message: 'already' });
    case 'api.failed':
      return calls.take(['attend', 'recall']).reject({ status: 503, message: 'down' });
    case 'api.recalled':
      return calls.take(['recall']).resolve(counts({ attending: false, full: false }));
    case 'api.refreshed':
      return calls.take(['refresh']).resolve(counts(model.refreshReads));
    case 'api.refreshFailed':
      return calls.take(['refresh']).reject({ status: 503, message: 'down' });
  }
}

const button = (name: string) => screen.queryByRole('button', { name });
const dialog = (name: string) => screen.queryByRole('dialog', { name });
const inDialog = (name: string, buttonName: string) => within(screen.getByRole('dialog', { name })).getByRole('button', { name: buttonName });

/** What the person does, on the rendered block (a retry comes from the global error modal: sent to the flow). */
function act_(event: RsvpModelEvent['type'], state: RsvpModelState, actor: Actor<typeof rsvpMachine>) {
  switch (event) {
    case 'user.rsvp':
      return fireEvent.click(screen.getByRole('button', { name: state === 'external' ? 'Register' : 'RSVP' }));
    case 'user.confirm':
      return fireEvent.click(state === 'confirming' ? inDialog('Confirm your RSVP', 'Confirm') : inDialog('Cancel your RSVP?', 'Yes, cancel'));
    case 'user.dismiss':
      return fireEvent.click(state === 'confirming' ? inDialog('Confirm your RSVP', 'Not now') : inDialog('Cancel your RSVP?', 'Keep my spot'));
    case 'user.done':
      return fireEvent.click(inDialog("You're going!", 'Done'));
    case 'user.cancel':
      return fireEvent.click(screen.getByRole('button', { name: 'Cancel RSVP' }));
    case 'user.retry':
      return actor.send({ type: 'user.retry' });
  }
}

/** Where the flow and its view must be for each model state. */
const EXPECT: Record<RsvpModelState, (a: Actor<typeof rsvpMachine>) => void> = {
  opening: () => {},
  available: (a) => {
    expect(a.getSnapshot().matches('available')).toBe(true);
    expect((button('RSVP') as HTMLButtonElement).disabled).toBe(false);
  },
  external: (a) => {
    expect(a.getSnapshot().matches('available')).toBe(true);
    expect(button('Register')).not.toBeNull();
    expect(dialog('Confirm your RSVP')).toBeNull();
  },
  confirming: () => expect(dialog('Confirm your RSVP')).not.toBeNull(),
  attendingCall: (a) => {
    expect(a.getSnapshot().matches('attendingCall')).toBe(true);
    expect(button('RSVP')?.getAttribute('aria-busy')).toBe('true');
  },
  confirmed: () => expect(dialog("You're going!")).not.toBeNull(),
  attending: (a) => {
    expect(a.getSnapshot().matches('attending')).toBe(true);
    expect(screen.getByText('Attending')).not.toBeNull();
    expect(button('Cancel RSVP')).not.toBeNull();
    expect(button('RSVP')).toBeNull();
  },
  attended: (a) => {
    expect(a.getSnapshot().matches('attended')).toBe(true);
    expect(screen.getByText('You attended')).not.toBeNull();
    expect(button('Cancel RSVP')).toBeNull();
    expect(button('RSVP')).toBeNull();
  },
  cancelConfirm: () => expect(dialog('Cancel your RSVP?')).not.toBeNull(),
  recalling: (a) => {
    expect(a.getSnapshot().matches('recalling')).toBe(true);
    expect(button('Cancel RSVP')?.getAttribute('aria-busy')).toBe('true');
  },
  refreshing: (a) => {
    expect(a.getSnapshot().matches('refreshing')).toBe(true);
    expect(button('RSVP')).toBeNull();
  },
  soldOut: (a) => {
    expect(a.getSnapshot().matches('soldOut')).toBe(true);
    expect(screen.getByText('Sold out')).not.toBeNull();
    expect(button('RSVP')).toBeNull();
  },
  failed: (a) => expect(a.getSnapshot().matches('failed')).toBe(true),
};

const NOTICES = { full: 'Sorry, the last spots were just taken.', already: 'You are already attending this event.' } as const;

modelSuite({
  name: 'RSVP',
  model: rsvpModel,
  // The model's size before the harness (it asserted more than 25 transitions): a model cut short fails here.
  minTransitions: 26,
  // The notice the flow keeps after a refused RSVP is part of what the block shows.
  lens: { viewKey: ({ value, context }) => `${String(value)} notice:${(context as RsvpModelContext).notice}` },
  start: (event, { inspect }) => start(event!.type, inspect),
  render: ({ actor, input }) =>
    renderInEnglish(
      <RsvpCta
        actor={actor}
        content={contentView({
          type: 'EVENT_POST',
          title: 'Morning yoga',
          cta: { isRsvp: true, isClaimable: true, url: input.ctaUrl, label: input.ctaLabel, atLimitText: null },
        })}
      />,
    ),
  world: (flow: Flow, event, before) => answer(flow.calls, event.type, before.context),
  // The retry comes from the global error modal, which sends it to the flow on both runs.
  send: (flow: Flow, event) => flow.actor.send(event as Extract<RsvpModelEvent, { type: `user.${string}` }>),
  press: (flow: Flow, event, before) => act_(event.type, before.value as RsvpModelState, flow.actor),
  machineState: {
    opening: () => true,
    available: ({ actor }) => actor.getSnapshot().matches('available'),
    // Still offering the link, which each press opened (the first press is the model's step; a second stays put).
    external: ({ actor, spies }, model) =>
      actor.getSnapshot().matches('available') && spies.openCtaUrl.mock.calls.length > 0 === model.context.linkOpened,
    confirming: ({ actor }) => actor.getSnapshot().matches('confirming'),
    attendingCall: ({ actor }) => actor.getSnapshot().matches('attendingCall'),
    confirmed: ({ actor }) => actor.getSnapshot().matches('confirmed'),
    attending: ({ actor }) => actor.getSnapshot().matches('attending'),
    attended: ({ actor }) => actor.getSnapshot().matches('attended'),
    cancelConfirm: ({ actor }) => actor.getSnapshot().matches('cancelConfirm'),
    recalling: ({ actor }) => actor.getSnapshot().matches('recalling'),
    refreshing: ({ actor }) => actor.getSnapshot().matches('refreshing'),
    soldOut: ({ actor }) => actor.getSnapshot().matches('soldOut'),
    failed: ({ actor }) => actor.getSnapshot().matches('failed'),
  },
  viewState: Object.fromEntries(
    Object.entries(EXPECT).map(([state, check]) => [
      state,
      ({ actor }: Flow, model: { context: RsvpModelContext }) => {
        check(actor);
        for (const [notice, text] of Object.entries(NOTICES))
          expect(screen.queryByText(text) !== null, `${notice} notice`).toBe(model.context.notice === notice);
      },
    ]),
  ) as never,
  finally: ({ spies }, events) => {
    expect(spies.reportFailure).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.failed').length);
    const externalPresses = events.filter((e, i) => e.type === 'user.rsvp' && events[0]!.type === 'start.external' && i > 0).length;
    expect(spies.openCtaUrl).toHaveBeenCalledTimes(externalPresses);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [rsvpMachine],
  everyMachineTransition: true,
});
