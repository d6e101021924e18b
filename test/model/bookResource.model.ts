import { assign, setup } from 'xstate';

/**
 * A pure test model of booking a resource (no invoke, as createTestModel needs). `start.open` opens the screen;
 * `api.*` are the server's answers to the pending call (the resource, a day's availability, the create); `user.*` what
 * the person does. The resource is a room with hourly slots (10:00 and 11:00 free, 09:00 taken), one to two hours,
 * a required yes/no question and an optional number; the create's 409 offers 11:00 as the next free time.
 *
 * What is chosen is one `stage` (kept small so the paths stay few): nothing yet; a time; a time and two hours; a time
 * with the missing answer shown after a confirm; a time and the answer (ready); the server's 422 shown; and, after a
 * 409 was dismissed, the answer without a time. `slot` is the chosen start (10:00 picked, 11:00 the next free time).
 */
export type BookResourceModelEvent =
  | { type: 'start.open' }
  | { type: 'api.loaded' }
  | { type: 'api.loadFailed' }
  | { type: 'api.notFound' }
  | { type: 'user.retry' }
  | { type: 'api.dayLoaded' }
  | { type: 'api.dayFailed' }
  | { type: 'user.pickDay' }
  | { type: 'user.pickSlot' }
  | { type: 'user.pickLength' }
  | { type: 'user.answer' }
  | { type: 'user.confirm' }
  | { type: 'api.booked' }
  | { type: 'api.taken' }
  | { type: 'api.rules' }
  | { type: 'api.failed' }
  | { type: 'user.takeNextFree' }
  | { type: 'user.dismiss' };

export type BookResourceModelState =
  'opening' | 'loading' | 'failed' | 'notFound' | 'loadingDay' | 'dayFailed' | 'choosing' | 'submitting' | 'submitFailed' | 'taken' | 'booked';

export type Stage = 'none' | 'slot' | 'long' | 'missing' | 'ready' | 'rules' | 'again' | 'sent';

export interface BookResourceModelContext {
  stage: Stage;
  slot: '10' | '11' | null;
}

const stage = (s: Stage) => ({ guard: ({ context }: { context: BookResourceModelContext }) => context.stage === s });

export const bookResourceModel = setup({
  types: { context: {} as BookResourceModelContext, events: {} as BookResourceModelEvent },
}).createMachine({
  id: 'bookResourceModel',
  context: { stage: 'none', slot: null },
  initial: 'opening',
  states: {
    opening: { on: { 'start.open': 'loading' } },
    loading: { on: { 'api.loaded': 'loadingDay', 'api.loadFailed': 'failed', 'api.notFound': 'notFound' } },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    loadingDay: { on: { 'api.dayLoaded': 'choosing', 'api.dayFailed': 'dayFailed' } },
    dayFailed: { on: { 'user.retry': 'loadingDay', 'user.pickDay': { ...stage('none'), target: 'loadingDay' } } },
    choosing: {
      on: {
        'user.pickDay': { ...stage('none'), target: 'loadingDay' },
        'user.pickSlot': [
          { ...stage('none'), actions: assign({ stage: 'slot', slot: '10' }) },
          { ...stage('again'), actions: assign({ stage: 'ready', slot: '10' }) },
        ],
        'user.pickLength': { ...stage('slot'), actions: assign({ stage: 'long' }) },
        'user.answer': [
          { ...stage('slot'), actions: assign({ stage: 'ready' }) },
          { ...stage('long'), actions: assign({ stage: 'ready' }) },
          { ...stage('missing'), actions: assign({ stage: 'ready' }) },
        ],
        'user.confirm': [
          { ...stage('slot'), actions: assign({ stage: 'missing' }) },
          { ...stage('ready'), target: 'submitting', actions: assign({ stage: 'sent' }) },
          { ...stage('rules'), target: 'submitting', actions: assign({ stage: 'sent' }) },
        ],
      },
    },
    submitting: {
      on: {
        'api.booked': 'booked',
        'api.taken': 'taken',
        'api.rules': { target: 'choosing', actions: assign({ stage: 'rules' }) },
        'api.failed': 'submitFailed',
      },
    },
    submitFailed: { on: { 'user.retry': 'submitting', 'user.dismiss': { target: 'choosing', actions: assign({ stage: 'ready' }) } } },
    taken: {
      on: {
        'user.takeNextFree': { target: 'loadingDay', actions: assign({ stage: 'ready', slot: '11' }) },
        'user.dismiss': { target: 'loadingDay', actions: assign({ stage: 'again', slot: null }) },
      },
    },
    booked: {},
  },
});
