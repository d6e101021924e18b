import { assign, setup } from 'xstate';

/**
 * A pure test model of the marketing-email consent of the settings tab: the person ticks or unticks the box
 * (`user.toggle`), which saves at once; the server stores it (`api.saved`) or fails (`api.failed`: the consent stays
 * as the server has it, and a notice says why). The box shows the requested value while the save is in flight.
 */
export type EmailConsentModelEvent = { type: 'user.toggle' } | { type: 'api.saved' } | { type: 'api.failed' };

export type EmailConsentModelState = 'idle' | 'saving';

export interface EmailConsentModelContext {
  /** The consent as the server has it. */
  accepted: boolean;
  /** How many saves failed (each one's notice). */
  failures: 0 | 1;
}

export const emailConsentModel = setup({
  types: { context: {} as EmailConsentModelContext, events: {} as EmailConsentModelEvent },
}).createMachine({
  id: 'emailConsentModel',
  context: { accepted: false, failures: 0 },
  initial: 'idle',
  states: {
    idle: { on: { 'user.toggle': 'saving' } },
    saving: {
      on: {
        'api.saved': { target: 'idle', actions: assign({ accepted: ({ context }) => !context.accepted, failures: 0 }) },
        'api.failed': { target: 'idle', actions: assign({ failures: 1 }) },
      },
    },
  },
});
