import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { enqueueNamed } from '../../machines/shared/enqueue';

type Queued = { type: 'say'; params: { word: string } } | { type: 'done'; params: undefined };

/** A machine whose `greet` queues its own named actions, as the bridge's do; `said` records what they were given. */
function greeter(said: string[]) {
  const enqueueOwn = enqueueNamed<Queued>();
  return setup({
    types: { context: {} as { count: number }, events: {} as { type: 'greet'; words: string[] } },
    actions: {
      say: (_, params: { word: string }) => void said.push(params.word),
      done: () => void said.push('.'),
      greet: enqueueOwn(({ enqueue, context, event }) => {
        for (const word of event.words) enqueue({ type: 'say', params: { word } });
        enqueue('done');
        enqueue.assign({ count: context.count + 1 });
      }),
    },
  }).createMachine({ context: { count: 0 }, on: { greet: { actions: 'greet' } } });
}

describe('enqueueNamed (machines/shared/enqueue.ts)', () => {
  it("queues the machine's own named actions, in order, with their params", () => {
    const said: string[] = [];
    const actor = createActor(greeter(said)).start();
    actor.send({ type: 'greet', words: ['hello', 'there'] });
    expect(said).toEqual(['hello', 'there', '.']);
    expect(actor.getSnapshot().context.count).toBe(1);
  });

  it('refuses, at the type check, an action the machine does not have or params of another shape', () => {
    const enqueueOwn = enqueueNamed<{ type: 'say'; params: { word: string } } | { type: 'shout'; params: undefined }>();
    const logic = setup({
      types: { events: {} as { type: 'greet' } },
      actions: {
        say: (_, _params: { word: string }) => {},
        // @ts-expect-error 'shout' is queued but the machine has no such action
        greet: enqueueOwn(({ enqueue }) => {
          enqueue('shout');
          // @ts-expect-error a number is not the word `say` takes
          enqueue({ type: 'say', params: { word: 1 } });
        }),
      },
    }).createMachine({});
    expect(logic.implementations.actions).toHaveProperty('greet');
  });
});
