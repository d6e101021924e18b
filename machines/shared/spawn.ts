import { spawnChild, type AnyActorLogic, type InputFrom } from 'xstate';

/**
 * Spawns logic that arrives as code at run time (a screen flow with its route, an auth step, the card entry) under a
 * fixed id. XState types an id only for the named actors of `setup`, so such a spawn is built here, once, and its input
 * is checked against the logic's own input type (decision NEXT-typed-joins). Use it as `enqueue(spawnLoaded(logic, …))`.
 */
export const spawnLoaded = <TLogic extends AnyActorLogic>(logic: TLogic, options: { id: string; systemId?: string; input: InputFrom<TLogic> }) =>
  spawnChild(logic, options);
