import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise, sendTo, setup, waitFor, type AnyActorRef } from 'xstate';
import { globalErrorMachine, GLOBAL_ERROR_ID } from '../../machines/globalError/globalError.machine';
import { appMachine } from '../../machines/app/app.machine';
import { KIOSK_ID } from '../../machines/kiosk/kiosk.machine';
import { globalErrorHarness, OWNERS, raised } from '../model/globalError.harness';
import { deferred, flush } from '../fixtures/async';

const resolved = (owner: keyof typeof OWNERS) => ({ type: 'error.resolved', source: OWNERS[owner].source }) as const;

describe('globalErrorMachine', () => {
  it('starts closed', () => {
    const { globalError } = globalErrorHarness();
    const snapshot = globalError.getSnapshot();
    expect(snapshot.matches('idle')).toBe(true);
    expect(snapshot.hasTag('modal:globalError')).toBe(false);
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.can({ type: 'user.retry' })).toBe(false);
  });

  it('a failed action opens the modal and keeps what failed', () => {
    const { globalError } = globalErrorHarness();
    globalError.send(raised('a', 'Service Unavailable'));
    const snapshot = globalError.getSnapshot();
    expect(snapshot.matches({ showing: 'retryable' })).toBe(true);
    expect(snapshot.hasTag('modal:globalError')).toBe(true);
    expect(snapshot.context.error).toEqual({
      source: 'rsvp.attend',
      status: 503,
      message: 'Service Unavailable',
      retry: { to: 'rsvp', event: OWNERS.a.event },
    });
    expect(snapshot.can({ type: 'user.retry' })).toBe(true);
    expect(snapshot.can({ type: 'user.goBack' })).toBe(false);
  });

  it('retry re-sends the failed event to the owner named by retry.to, and to no one else', () => {
    const { globalError, received } = globalErrorHarness();
    globalError.send(raised('a'));
    globalError.send({ type: 'user.retry' });
    expect(received.rsvp).toEqual([OWNERS.a.event]);
    expect(received.offer).toEqual([]);
    const snapshot = globalError.getSnapshot();
    expect(snapshot.matches({ showing: 'retrying' })).toBe(true);
    expect(snapshot.hasTag('retrying')).toBe(true);
    expect(snapshot.hasTag('modal:globalError')).toBe(true);
    // One retry at a time: a second press while the first is under way sends nothing.
    expect(snapshot.can({ type: 'user.retry' })).toBe(false);
    globalError.send({ type: 'user.retry' });
    expect(received.rsvp).toHaveLength(1);
  });

  it('the same action failing again after a retry turns the button into go back', () => {
    const { globalError, goBack } = globalErrorHarness();
    globalError.send(raised('a'));
    globalError.send({ type: 'user.retry' });
    globalError.send(raised('a', 'still down'));
    const snapshot = globalError.getSnapshot();
    expect(snapshot.matches({ showing: 'failedTwice' })).toBe(true);
    expect(snapshot.can({ type: 'user.goBack' })).toBe(true);
    expect(snapshot.can({ type: 'user.retry' })).toBe(false);
    expect(snapshot.context.error?.message).toBe('still down');
    expect(goBack).not.toHaveBeenCalled();
  });

  it('go back clears the error, closes the modal and calls goBack once', () => {
    const { globalError, goBack, received } = globalErrorHarness();
    globalError.send(raised('a'));
    globalError.send({ type: 'user.goBack' });
    expect(goBack).not.toHaveBeenCalled(); // not offered before the second failure
    globalError.send({ type: 'user.retry' });
    globalError.send(raised('a'));
    globalError.send({ type: 'user.goBack' });
    const snapshot = globalError.getSnapshot();
    expect(snapshot.matches('idle')).toBe(true);
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.hasTag('modal:globalError')).toBe(false);
    expect(goBack).toHaveBeenCalledTimes(1);
    expect(received.rsvp).toHaveLength(1);
  });

  it('a successful retry reported with error.resolved closes the modal; another source resolving does not', () => {
    const { globalError, goBack } = globalErrorHarness();
    globalError.send(raised('a'));
    globalError.send({ type: 'user.retry' });
    globalError.send(resolved('b'));
    expect(globalError.getSnapshot().matches({ showing: 'retrying' })).toBe(true);
    globalError.send(resolved('a'));
    expect(globalError.getSnapshot().matches('idle')).toBe(true);
    expect(globalError.getSnapshot().context.error).toBeNull();
    expect(goBack).not.toHaveBeenCalled();
  });

  it('after a success the count starts again: the next failure of the same action offers a retry', () => {
    const { globalError } = globalErrorHarness();
    globalError.send(raised('a'));
    globalError.send({ type: 'user.retry' });
    globalError.send(resolved('a'));
    globalError.send(raised('a'));
    expect(globalError.getSnapshot().matches({ showing: 'retryable' })).toBe(true);
  });

  it('a failure of another action replaces the one shown and resets the count', () => {
    const { globalError, received } = globalErrorHarness();
    globalError.send(raised('a'));
    globalError.send({ type: 'user.retry' });
    globalError.send(raised('a'));
    expect(globalError.getSnapshot().matches({ showing: 'failedTwice' })).toBe(true);

    globalError.send(raised('b'));
    expect(globalError.getSnapshot().matches({ showing: 'retryable' })).toBe(true);
    expect(globalError.getSnapshot().context.error?.source).toBe('offer.claim');

    globalError.send({ type: 'user.retry' });
    expect(received.offer).toEqual([OWNERS.b.event]);
    expect(received.rsvp).toHaveLength(1);
    // The replaced action resolving later does not close the modal about the other one.
    globalError.send(resolved('a'));
    expect(globalError.getSnapshot().matches({ showing: 'retrying' })).toBe(true);
    globalError.send(raised('b'));
    expect(globalError.getSnapshot().matches({ showing: 'failedTwice' })).toBe(true);
  });

  it('another action failing while a retry is under way replaces it with a fresh retry', () => {
    const { globalError } = globalErrorHarness();
    globalError.send(raised('a'));
    globalError.send({ type: 'user.retry' });
    globalError.send(raised('b'));
    expect(globalError.getSnapshot().matches({ showing: 'retryable' })).toBe(true);
    expect(globalError.getSnapshot().context.error?.source).toBe('offer.claim');
  });

  it('the same action reported twice without a retry between is one failure', () => {
    const { globalError } = globalErrorHarness();
    globalError.send(raised('a'));
    globalError.send(raised('a', 'a second call'));
    expect(globalError.getSnapshot().matches({ showing: 'retryable' })).toBe(true);
    expect(globalError.getSnapshot().context.error?.message).toBe('a second call');
  });

  it.each(['retryable', 'retrying', 'failedTwice'] as const)('error.cleared closes the modal from %s without going back', (state) => {
    const { globalError, goBack } = globalErrorHarness();
    globalError.send(raised('a'));
    if (state !== 'retryable') globalError.send({ type: 'user.retry' });
    if (state === 'failedTwice') globalError.send(raised('a'));
    expect(globalError.getSnapshot().matches({ showing: state })).toBe(true);
    globalError.send({ type: 'error.cleared' });
    expect(globalError.getSnapshot().matches('idle')).toBe(true);
    expect(globalError.getSnapshot().context.error).toBeNull();
    expect(goBack).not.toHaveBeenCalled();
  });

  it('an owner that is no longer running cannot retry: the button turns into go back at once', () => {
    const { globalError, received } = globalErrorHarness();
    globalError.send({ type: 'error.raised', source: 'smartSuite.unlock', status: 502, retry: { to: 'smartSuite', event: { type: 'user.unlock' } } });
    globalError.send({ type: 'user.retry' });
    const snapshot = globalError.getSnapshot();
    expect(snapshot.matches({ showing: 'failedTwice' })).toBe(true);
    expect(snapshot.context.error).toMatchObject({ source: 'smartSuite.unlock', status: 502, message: null });
    // Nothing was sent anywhere, least of all to the global error actor itself.
    expect(received).toEqual({ rsvp: [], offer: [] });
  });

  it('has no go-back side effect of its own: goBack does nothing until the app provides it', () => {
    const actor = createActor(globalErrorMachine).start();
    actor.send({ type: 'error.raised', source: 'x', status: 500, retry: { to: 'nobody', event: { type: 'x' } } });
    actor.send({ type: 'user.retry' });
    expect(() => actor.send({ type: 'user.goBack' })).not.toThrow();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});

describe('the error contract, end to end with an owner that calls a service', () => {
  /** An owner as a screen's flow would be: a request, a failure reported with its retry, a success resolved. */
  function ownerWith(attempts: Array<() => Promise<void>>) {
    const call = vi.fn(() => attempts.shift()!());
    const owner = setup({
      types: { events: {} as { type: 'user.attend' } },
      actors: { attend: fromPromise<void, void>(() => call()) },
      actions: {
        reportFailure: sendTo(
          ({ system }) => system.get(GLOBAL_ERROR_ID) as AnyActorRef,
          (_, params: { status: number }) => ({
            type: 'error.raised',
            source: 'rsvp.attend',
            status: params.status,
            retry: { to: 'rsvp', event: { type: 'user.attend' } },
          }),
        ),
        reportSuccess: sendTo(({ system }) => system.get(GLOBAL_ERROR_ID) as AnyActorRef, { type: 'error.resolved', source: 'rsvp.attend' }),
      },
    }).createMachine({
      initial: 'idle',
      states: {
        idle: { on: { 'user.attend': 'attending' } },
        attending: {
          invoke: {
            src: 'attend',
            onDone: { target: 'attended', actions: 'reportSuccess' },
            onError: {
              target: 'idle',
              actions: { type: 'reportFailure', params: ({ event }) => ({ status: (event.error as { status: number }).status }) },
            },
          },
        },
        attended: {},
      },
    });
    const root = setup({ actors: { globalError: globalErrorMachine, owner } }).createMachine({
      invoke: [
        { src: 'globalError', systemId: GLOBAL_ERROR_ID },
        { src: 'owner', systemId: 'rsvp' },
      ],
    });
    const actor = createActor(root).start();
    return { actor, call, globalError: actor.system.get(GLOBAL_ERROR_ID) as AnyActorRef, rsvp: actor.system.get('rsvp') as AnyActorRef };
  }

  it('fail → retry → success closes the modal', async () => {
    const { globalError, rsvp, call } = ownerWith([() => Promise.reject({ status: 503 }), async () => {}]);
    rsvp.send({ type: 'user.attend' });
    await waitFor(globalError, (s) => s.hasTag('modal:globalError'));
    globalError.send({ type: 'user.retry' });
    await waitFor(globalError, (s) => s.matches('idle'));
    expect(call).toHaveBeenCalledTimes(2);
    expect(rsvp.getSnapshot().value).toBe('attended');
  });

  it('fail → retry → fail offers go back', async () => {
    const second = deferred<void>();
    const { globalError, rsvp, call } = ownerWith([() => Promise.reject({ status: 503 }), () => second.promise]);
    rsvp.send({ type: 'user.attend' });
    await waitFor(globalError, (s) => s.hasTag('modal:globalError'));
    globalError.send({ type: 'user.retry' });
    await flush();
    expect(globalError.getSnapshot().hasTag('retrying')).toBe(true);
    second.reject({ status: 500 });
    const snapshot = await waitFor(globalError, (s) => s.matches({ showing: 'failedTwice' }));
    expect(snapshot.context.error?.status).toBe(500);
    expect(call).toHaveBeenCalledTimes(2);
  });
});

describe('the root actor', () => {
  it('runs the global error actor under GLOBAL_ERROR_ID and the kiosk actor under KIOSK_ID', () => {
    const never = fromPromise(() => new Promise<never>(() => {}));
    const app = createActor(appMachine.provide({ actors: { loadWhitelabel: never, healthCheck: never } as never }), {
      input: { requestedLocale: 'en' },
    }).start();
    expect(app.system.get(GLOBAL_ERROR_ID)?.getSnapshot().value).toBe('idle');
    expect(app.system.get(KIOSK_ID)?.getSnapshot().value).toBe('off');
    app.stop();
  });
});
