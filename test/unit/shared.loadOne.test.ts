import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import type { AppError } from '../../contracts/errors';
import { failedState, isMissing, loadFailed, loadFailedOrNotFound, notFoundState } from '../../machines/shared/loadOne';
import { keepError } from '../../machines/shared/failure';

interface Ctx {
  thing: string | null;
  error: AppError | null;
}

/** A screen of its own (no flow of the app) that loads one thing from answers given in turn. */
function screen(answers: (() => Promise<string>)[], withNotFound: boolean) {
  const calls: number[] = [];
  const logic = setup({
    types: { context: {} as Ctx, events: {} as { type: 'user.retry' } },
    actors: { load: fromPromise<string>(() => (calls.push(calls.length), answers.shift()!())) },
    actions: { setError: assign(keepError) },
    guards: { notFound: isMissing },
  }).createMachine({
    context: { thing: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'load',
          onDone: { target: 'loaded', actions: assign({ thing: ({ event }) => event.output, error: null }) },
          onError: withNotFound ? loadFailedOrNotFound : loadFailed,
        },
      },
      failed: failedState('The thing could not be loaded.'),
      notFound: notFoundState('No such thing.'),
      loaded: {},
    },
  });
  return { actor: createActor(logic).start(), calls };
}

describe('the load-one screen, written once (machines/shared/loadOne.ts)', () => {
  it('a failure keeps the error and shows failed; user.retry loads again', async () => {
    const { actor, calls } = screen([() => Promise.reject({ status: 500, message: 'Down', body: {} }), () => Promise.resolve('it')], true);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.hasTag('failed')).toBe(true);
    expect(failed.context.error).toEqual({ status: 500, message: 'Down' });
    actor.send({ type: 'user.retry' });
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context).toEqual({ thing: 'it', error: null });
    expect(calls).toHaveLength(2);
  });

  it('a 404 is not found where the screen has that state, with the error kept; nothing retries from there', async () => {
    const { actor } = screen([() => Promise.reject({ status: 404, message: 'Gone' })], true);
    const missing = await waitFor(actor, (s) => s.matches('notFound'));
    expect(missing.hasTag('notFound')).toBe(true);
    expect(missing.context.error).toEqual({ status: 404, message: 'Gone' });
    expect(missing.can({ type: 'user.retry' })).toBe(false);
  });

  it('a 404 is just a failure on a screen without a not-found state', async () => {
    const { actor } = screen([() => Promise.reject({ status: 404, message: 'Gone' })], false);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error?.status).toBe(404);
  });

  it('the states carry their descriptions and tags', () => {
    expect(failedState('d')).toEqual({ description: 'd', tags: ['failed'], on: { 'user.retry': 'loading' } });
    expect(notFoundState()).toEqual({ tags: ['notFound'] });
    expect(notFoundState('n')).toEqual({ description: 'n', tags: ['notFound'] });
  });
});
