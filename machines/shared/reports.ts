import type { AnyActorRef } from 'xstate';
import { GLOBAL_ERROR_ID } from '../globalError/globalError.machine';

/**
 * Where a long-lived actor's reports go: to its parent (the app, whose chart coordinates the actors), or, when the
 * machine runs alone in a unit test, to itself, which ignores them (it handles no report events).
 */
export const parentOrSelf = ({ self }: { self: AnyActorRef }): AnyActorRef => self._parent ?? self;

/** The global error modal by its systemId, or the actor itself when it runs without the app (a unit test). */
export const globalErrorOrSelf = ({ system, self }: { system: { get(id: string): AnyActorRef | undefined }; self: AnyActorRef }): AnyActorRef =>
  system.get(GLOBAL_ERROR_ID) ?? self;
