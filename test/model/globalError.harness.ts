import { vi } from 'vitest';
import { createActor, fromCallback, setup, type AnyEventObject, type InspectionEvent } from 'xstate';
import { globalErrorMachine, GLOBAL_ERROR_ID } from '../../machines/globalError/globalError.machine';
import type { ErrorRaisedEvent } from '../../machines/globalError/globalError.types';
import type { GlobalErrorRef } from '../../src/app/appActor';

/** Two actions that can fail, each owned by an actor registered in the system under its own systemId. */
export const OWNERS = {
  a: { source: 'rsvp.attend', to: 'rsvp', status: 503, event: { type: 'user.attend', eventUuid: 'event-1' } },
  b: { source: 'offer.claim', to: 'offer', status: 500, event: { type: 'user.claim', offerUuid: 'offer-9' } },
} as const;
export type OwnerName = keyof typeof OWNERS;

/** The report an owner sends when its action fails. */
export const raised = (owner: OwnerName, message?: string): ErrorRaisedEvent => ({
  type: 'error.raised',
  source: OWNERS[owner].source,
  status: OWNERS[owner].status,
  ...(message ? { message } : {}),
  retry: { to: OWNERS[owner].to, event: { ...OWNERS[owner].event } },
});

/**
 * A root like the app's: the global error actor under GLOBAL_ERROR_ID beside two fake owners that record every event
 * they receive. `goBack` is a spy; `inspect` (optional) sees every actor of the root's system.
 */
export function globalErrorHarness(inspect?: (event: InspectionEvent) => void) {
  const received: Record<string, AnyEventObject[]> = { rsvp: [], offer: [] };
  const goBack = vi.fn();
  const owner = fromCallback<AnyEventObject, { name: string }>(({ input, receive }) => {
    receive((event) => received[input.name]!.push(event));
  });
  const root = setup({
    actors: { globalError: globalErrorMachine.provide({ actions: { goBack } }), owner },
  }).createMachine({
    id: 'testRoot',
    invoke: [
      { src: 'globalError', id: GLOBAL_ERROR_ID, systemId: GLOBAL_ERROR_ID },
      { src: 'owner', id: 'rsvp', systemId: OWNERS.a.to, input: { name: 'rsvp' } },
      { src: 'owner', id: 'offer', systemId: OWNERS.b.to, input: { name: 'offer' } },
    ],
  });
  const actor = createActor(root, inspect ? { inspect } : {}).start();
  const globalError = actor.system.get(GLOBAL_ERROR_ID) as GlobalErrorRef;
  return { actor, globalError, received, goBack };
}
