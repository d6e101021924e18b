import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { hasInput, isFormComplete, takeFiles } from './helpDesk.rules';
import type { HelpDeskContext, HelpDeskError, HelpDeskEvent, HelpDeskFields, HelpDeskInput, HelpDeskRequest, HelpDeskTag } from './helpDesk.types';

export const HELP_DESK_ID = 'helpDesk';

const toError = (error: unknown): HelpDeskError => {
  const e = error as Partial<HelpDeskError> | undefined;
  return {
    status: typeof e?.status === 'number' ? e.status : 0,
    message: typeof e?.message === 'string' ? e.message : '',
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
  };
};

/** The form as it starts: the input's subject and nature (an amenity's), nothing else. */
export const startFields = (input: Pick<HelpDeskInput, 'subject' | 'nature'>): HelpDeskFields => ({
  nature: input.nature ?? '',
  subject: input.subject ?? '',
  description: '',
});

/** What the submit call sends: the trimmed fields, the files, the building and the requester. */
export const requestOf = (context: HelpDeskContext): HelpDeskRequest => ({
  nature: context.fields.nature as HelpDeskRequest['nature'],
  subject: context.fields.subject.trim(),
  description: context.fields.description.trim(),
  files: context.files,
  buildingUuid: context.buildingUuid,
  requester: context.requester,
});

/**
 * The help-desk support request (content document, sections 4, 5 and 8): fill in, submit, a success or an error
 * dialog, done. Submit is possible only with nature, subject and description; files are attached while they are of
 * an allowed type and size and there is room (five). A failed submit keeps everything typed and chosen, and the error
 * dialog offers to try again. Cancel asks first when anything was typed or chosen. `closed` is the end: the /help-desk
 * page leaves (`leave`), the amenity's support modal closes.
 */
export const helpDeskMachine = setup({
  types: {
    context: {} as HelpDeskContext & { start: HelpDeskFields },
    events: {} as HelpDeskEvent,
    input: {} as HelpDeskInput,
    tags: {} as HelpDeskTag,
  },
  actors: {
    submit: fromPromise<{ uuid: string }, HelpDeskRequest>(() => Promise.reject(new Error('submit is not provided'))),
  },
  actions: {
    /** Leaves the form (the page goes home; in the amenity's modal, the modal closes through the flow's end). */
    leave: () => {},
    assignField: assign(({ context, event }) => (event.type === 'user.change' ? { fields: { ...context.fields, [event.field]: event.value } } : {})),
    assignTouched: assign(({ context, event }) => (event.type === 'user.blur' ? { touched: { ...context.touched, [event.field]: true } } : {})),
    addFiles: assign(({ context, event }) => (event.type === 'user.addFiles' ? takeFiles(context.files, event.files) : {})),
    removeFile: assign(({ context, event }) =>
      event.type === 'user.removeFile' ? { files: context.files.filter((_, i) => i !== event.index), refused: [] } : {},
    ),
    setErrorFromEvent: assign((_, params: { error: unknown }) => ({ error: toError(params.error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    canSubmit: ({ context }) => isFormComplete(context.fields),
    hasInput: ({ context }) => hasInput(context.fields, context.files, context.start),
  },
}).createMachine({
  id: HELP_DESK_ID,
  context: ({ input }) => ({
    buildingUuid: input.buildingUuid,
    requester: input.requester,
    start: startFields(input),
    fields: startFields(input),
    touched: {},
    files: [],
    refused: [],
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'form',
      states: {
        form: {
          tags: ['editing'],
          on: {
            'user.change': { actions: 'assignField' },
            'user.blur': { actions: 'assignTouched' },
            'user.addFiles': { actions: 'addFiles' },
            'user.removeFile': { actions: 'removeFile' },
            'user.submit': { guard: 'canSubmit', target: '#helpDesk.submitting' },
            'user.cancel': [{ guard: 'hasInput', target: 'confirmingCancel' }, { target: '#helpDesk.closed' }],
          },
        },
        confirmingCancel: {
          description: 'Cancel with something typed or chosen: "discard this request?" before it is lost.',
          tags: ['editing', 'confirmCancel'],
          on: {
            'user.confirmCancel': '#helpDesk.closed',
            'user.keepEditing': 'form',
          },
        },
      },
    },
    submitting: {
      tags: ['submitting'],
      entry: 'clearError',
      invoke: {
        src: 'submit',
        input: ({ context }) => requestOf(context),
        onDone: 'succeeded',
        onError: { target: 'failed', actions: { type: 'setErrorFromEvent', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    succeeded: {
      description: 'The success dialog (salesforce.success_title and success_description); Done ends the flow.',
      tags: ['success'],
      on: { 'user.done': 'closed' },
    },
    failed: {
      description:
        'The error dialog (salesforce.error_title and error_description). The typed text and the chosen files stay; ' +
        'the person tries again or goes back to the form.',
      tags: ['failure'],
      on: {
        'user.retry': 'submitting',
        'user.dismiss': 'editing',
      },
    },
    closed: { type: 'final', tags: ['closed'], entry: 'leave' },
  },
});

export type HelpDeskRef = ActorRefFrom<typeof helpDeskMachine>;
