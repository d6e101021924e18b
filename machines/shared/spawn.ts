import {
  spawnChild,
  type ActionFunction,
  type AnyActorLogic,
  type EventObject,
  type InputFrom,
  type MachineContext,
  type ProvidedActor,
} from 'xstate';

interface SpawnLoadedOptions<TLogic extends AnyActorLogic> {
  id: string;
  systemId?: string;
  input: InputFrom<TLogic>;
}

/**
 * Spawns logic that arrives as code at run time (a screen flow with its route, an auth step, the card entry) under a
 * fixed id. XState's `spawnChild` types an id only for the named actors of `setup`, so such a spawn is built here,
 * once: its input is checked against the logic's own input type, and the action takes the calling machine's types
 * (decision 209). Use it as `enqueue(spawnLoaded(logic, { id, input }))`.
 */
export function spawnLoaded<TContext extends MachineContext, TEvent extends EventObject, TActor extends ProvidedActor, TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: SpawnLoadedOptions<TLogic>,
): ActionFunction<TContext, TEvent, TEvent, undefined, TActor, never, never, never, never>;
export function spawnLoaded(logic: AnyActorLogic, options: SpawnLoadedOptions<AnyActorLogic>) {
  return spawnChild(logic, options);
}
