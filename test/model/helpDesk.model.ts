import { assign, setup } from 'xstate';

/**
 * A pure test model of the help-desk form (no invoke, as createTestModel needs). Events are what the person does
 * (`user.*`) and how the server answers (`api.*`). The context says what is typed (`none`, `partial`: something but
 * not every required field, `complete`), whether a file is attached, whether the last choice had a refused file, and
 * whether the last submit failed (the form says so until the next submit).
 *
 * The form opens for a building (`start.building`), whose portfolio is read first (`api.portfolio`: one with the
 * natures; `api.portfolioFailed`: the retry screen), or for no building (`start.noBuilding`): the natures at once.
 *
 * The person's edits are fixed: `fill` chooses a nature and types subject and description; `clearSubject` empties
 * the subject of a filled form; `attach` chooses one good PDF; `attachWrong` chooses an executable; `remove` removes the attached file.
 */
export type HelpDeskModelEvent =
  | { type: 'start.building' }
  | { type: 'start.noBuilding' }
  | { type: 'user.fill' }
  | { type: 'user.clearSubject' }
  | { type: 'user.attach' }
  | { type: 'user.attachWrong' }
  | { type: 'user.remove' }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.keepEditing' }
  | { type: 'user.confirmCancel' }
  | { type: 'user.retry' }
  | { type: 'user.dismiss' }
  | { type: 'user.done' }
  | { type: 'api.ok' }
  | { type: 'api.failed' }
  | { type: 'api.portfolio' }
  | { type: 'api.portfolioFailed' };

export type HelpDeskModelState =
  'opening' | 'preparing' | 'unprepared' | 'editing' | 'confirmingCancel' | 'submitting' | 'succeeded' | 'failed' | 'closed';

export interface HelpDeskModelContext {
  typed: 'none' | 'partial' | 'complete';
  file: boolean;
  refused: boolean;
  failed: boolean;
}

export const helpDeskModel = setup({
  types: { context: {} as HelpDeskModelContext, events: {} as HelpDeskModelEvent },
  guards: {
    complete: ({ context }) => context.typed === 'complete',
    hasInput: ({ context }) => context.typed !== 'none' || context.file,
    hasFile: ({ context }) => context.file,
    noFile: ({ context }) => !context.file,
  },
}).createMachine({
  id: 'helpDeskModel',
  context: { typed: 'none', file: false, refused: false, failed: false },
  initial: 'opening',
  states: {
    opening: { on: { 'start.building': 'preparing', 'start.noBuilding': 'editing' } },
    preparing: { on: { 'api.portfolio': 'editing', 'api.portfolioFailed': 'unprepared' } },
    unprepared: { on: { 'user.retry': 'preparing' } },
    editing: {
      on: {
        'user.fill': { actions: assign({ typed: 'complete' }) },
        // Emptying the subject after filling the form: something typed, but not every required field.
        'user.clearSubject': { guard: 'complete', actions: assign({ typed: 'partial' }) },
        // One file is enough to show the list; a second choice of the same file is not attached twice.
        'user.attach': { guard: 'noFile', actions: assign({ file: true, refused: false }) },
        'user.attachWrong': { actions: assign({ refused: true }) },
        'user.remove': { guard: 'hasFile', actions: assign({ file: false, refused: false }) },
        'user.submit': { guard: 'complete', target: 'submitting' },
        'user.cancel': [{ guard: 'hasInput', target: 'confirmingCancel' }, { target: 'closed' }],
      },
    },
    confirmingCancel: {
      on: { 'user.keepEditing': 'editing', 'user.confirmCancel': 'closed' },
    },
    submitting: {
      entry: assign({ failed: false }),
      on: { 'api.ok': 'succeeded', 'api.failed': { target: 'failed', actions: assign({ failed: true }) } },
    },
    succeeded: { on: { 'user.done': 'closed' } },
    failed: { on: { 'user.retry': 'submitting', 'user.dismiss': 'editing' } },
    closed: { type: 'final' },
  },
});
