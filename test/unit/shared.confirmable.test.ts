import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor, type AnyEventObject } from 'xstate';
import type { AppError } from '../../contracts/errors';
import { callFailed, confirmStep, ctaCallFailed } from '../../machines/shared/confirmable';
import { keepError } from '../../machines/shared/failure';

type Kind = 'full' | 'already' | 'other';

/** A call to action of its own (no flow of the app): ask, confirm, call; its failures as the fake server answers. */
function action(answer: () => Promise<string>) {
  const reported: AnyEventObject[] = [];
  const logic = setup({
    types: {
      context: {} as { error: AppError | null; done: string | null },
      events: {} as { type: 'user.ask' } | { type: 'user.confirm' } | { type: 'user.dismiss' },
    },
    actors: { call: fromPromise(answer), refresh: fromPromise(async () => 'read again') },
    actions: {
      setError: assign(keepError),
      reportFailure: (_, params: { status: number; message: string }) => void reported.push({ type: 'failure', ...params }),
      reportRecovered: () => void reported.push({ type: 'recovered' }),
    },
    guards: { failedAs: (_, params: { error: unknown; kind: Kind }) => (params.error as { code?: string }).code === params.kind },
  }).createMachine({
    context: { error: null, done: null },
    initial: 'idle',
    states: {
      idle: { on: { 'user.ask': 'confirming' } },
      confirming: confirmStep(['modal:confirm'], 'calling', 'idle'),
      calling: {
        invoke: { src: 'call', onDone: { target: 'done', actions: assign({ done: ({ event }) => event.output }) }, onError: ctaCallFailed },
      },
      refreshing: { invoke: { src: 'refresh', onDone: 'idle' } },
      done: {},
      failed: {},
    },
  });
  return { actor: createActor(logic).start(), reported };
}

describe('the confirmable call to action, written once (machines/shared/confirmable.ts)', () => {
  it('asks first: dismiss goes back without a call, confirm makes it', async () => {
    let calls = 0;
    const { actor } = action(async () => (calls++, 'ok'));
    actor.send({ type: 'user.ask' });
    expect(actor.getSnapshot().hasTag('modal:confirm')).toBe(true);
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toBe(0);
    actor.send({ type: 'user.ask' });
    actor.send({ type: 'user.confirm' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.done).toBe('ok');
    expect(calls).toBe(1);
  });

  it("'full' and 'already' answers read the counts again, keep the error, and report no failure", async () => {
    for (const code of ['full', 'already']) {
      const { actor, reported } = action(() => Promise.reject({ status: 409, message: code, code }));
      actor.send({ type: 'user.ask' });
      actor.send({ type: 'user.confirm' });
      await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
      expect(actor.getSnapshot().context.error).toEqual({ status: 409, message: code, code });
      expect(reported).toEqual([{ type: 'recovered' }]);
    }
  });

  it('any other failure is kept and reported with its status and message', async () => {
    const { actor, reported } = action(() => Promise.reject({ status: 500, message: 'Down', body: { any: 1 } }));
    actor.send({ type: 'user.ask' });
    actor.send({ type: 'user.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ status: 500, message: 'Down' });
    expect(reported).toEqual([{ type: 'failure', status: 500, message: 'Down' }]);
  });

  it('confirmStep and callFailed are the plain configs the flows spread', () => {
    expect(confirmStep(['a', 'b'], 'go', 'back')).toEqual({ tags: ['a', 'b'], on: { 'user.confirm': 'go', 'user.dismiss': 'back' } });
    expect(callFailed.target).toBe('failed');
  });
});
