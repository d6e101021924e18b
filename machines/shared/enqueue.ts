import { enqueueActions, type EventObject, type MachineContext, type ParameterizedObject, type ProvidedActor } from 'xstate';

/**
 * `enqueueActions` for an action of `setup({ actions })` that queues other named actions of the same machine. There
 * XState cannot name them (the action map is still being inferred: a TypeScript limit, statelyai/xstate#4545), so the
 * machine lists what it queues as a union of `{ type, params }` and `setup` checks that union against its actions:
 * a name it does not have, or params of another shape, fail the type check. Context, events, children, guards and
 * delays still come from `setup`. Use it as `const enqueueOwn = enqueueNamed<Queued>()`, then
 * `answer: enqueueOwn(({ enqueue }, params: AnswerParams) => enqueue({ type: 'post', params: ... }))`.
 */
export function enqueueNamed<TQueued extends ParameterizedObject>() {
  return <
    TContext extends MachineContext,
    TEvent extends EventObject,
    TParams extends ParameterizedObject['params'] | undefined,
    TActor extends ProvidedActor = never,
    TGuard extends ParameterizedObject = never,
    TDelay extends string = never,
  >(
    collect: Parameters<typeof enqueueActions<TContext, TEvent, TParams, TEvent, TActor, TQueued, TGuard, TDelay>>[0],
  ) => enqueueActions<TContext, TEvent, TParams, TEvent, TActor, TQueued, TGuard, TDelay>(collect);
}
