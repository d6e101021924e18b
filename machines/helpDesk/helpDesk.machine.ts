import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { HELP_DESK_NATURES, issueTypesOf, type HelpDeskIssueType } from '../../contracts/helpDesk';
import { hasInput, isFormComplete, takeFiles } from './helpDesk.rules';
import type {
  HelpDeskContext,
  HelpDeskEvent,
  HelpDeskFields,
  HelpDeskInput,
  HelpDeskPortfolio,
  HelpDeskRequest,
  HelpDeskTag,
} from './helpDesk.types';
import { toAppError } from '../../contracts/errors';
import { fieldEvents, withTouched, withValue } from '../shared/formFields';

export const HELP_DESK_ID = 'helpDesk';

/** The form as it starts: the input's subject and nature (an amenity's) when the form offers it, nothing else. */
export const startFields = (
  input: Pick<HelpDeskInput, 'subject' | 'nature'>,
  issueTypes: readonly HelpDeskIssueType[] = HELP_DESK_NATURES,
): HelpDeskFields => ({
  nature: input.nature && issueTypes.includes(input.nature) ? input.nature : '',
  subject: input.subject ?? '',
  description: '',
});

/**
 * What the submit call sends: the trimmed fields, the files, the building with its asset and portfolio, and the
 * requester. The building's name goes only where the portfolio uses categories (content document, section 3:
 * "building_name (one portfolio only)").
 */
export const requestOf = (context: HelpDeskContext): HelpDeskRequest => ({
  nature: context.fields.nature as HelpDeskRequest['nature'],
  subject: context.fields.subject.trim(),
  description: context.fields.description.trim(),
  files: context.files,
  buildingUuid: context.buildingUuid,
  assetUuid: context.building?.assetUuid ?? null,
  portfolioUuid: context.building?.portfolioUuid ?? null,
  buildingName: context.usesCategories ? (context.building?.name ?? null) : null,
  requester: context.requester,
});

/**
 * The help-desk support request (content document, sections 4, 5 and 8): fill in, submit, a success or an error
 * dialog, done. Submit is possible only with nature, subject and description; files are attached while they are of
 * an allowed type and size and there is room (five). A failed submit keeps everything typed and chosen, and the error
 * dialog offers to try again. Cancel asks first when anything was typed or chosen. `closed` is the end: the /help-desk
 * page leaves (`leave`), the amenity's support modal closes; inside a host's navigation (a native app's web view, a host
 * frame) the end closes that navigation instead (`closeHostNavigation`; content document, section 4).
 *
 * First the building's portfolio is read (`GET /admin/v1/portfolios/{id}`): one portfolio takes categories instead of
 * the natures web, building and app (content document, section 5; decision 186).
 */
export const helpDeskMachine = setup({
  types: {
    context: {} as HelpDeskContext & { start: HelpDeskFields; startInput: Pick<HelpDeskInput, 'subject' | 'nature'> },
    events: {} as HelpDeskEvent,
    input: {} as HelpDeskInput,
    tags: {} as HelpDeskTag,
  },
  actors: {
    loadPortfolio: fromPromise<HelpDeskPortfolio, { portfolioUuid: string }>(() => Promise.reject(new Error('loadPortfolio is not provided'))),
    submit: fromPromise<{ uuid: string }, HelpDeskRequest>(() => Promise.reject(new Error('submit is not provided'))),
  },
  actions: {
    /** Leaves the form (the page goes home; in the amenity's modal, the modal closes through the flow's end). */
    leave: () => {},
    /** Closes the host's navigation around the app (wired by the app: the native host's closeWebView). */
    closeHostNavigation: () => {},
    /** The form's choices from the portfolio: its categories, or the natures; a start nature it does not offer goes. */
    takePortfolio: assign(({ context }, params: { portfolio: HelpDeskPortfolio }) => {
      const issueTypes = issueTypesOf(params.portfolio.help_desk_categories);
      const start = startFields(context.startInput, issueTypes);
      const usesCategories = (params.portfolio.help_desk_categories?.length ?? 0) > 0;
      return { issueTypes, usesCategories, start, fields: { ...context.fields, nature: start.nature } };
    }),
    assignField: assign(({ context, event }) =>
      event.type === 'user.change' ? { fields: withValue(context.fields, event.field, event.value) } : {},
    ),
    assignTouched: assign(({ context, event }) => (event.type === 'user.blur' ? { touched: withTouched(context.touched, event.field) } : {})),
    addFiles: assign(({ context, event }) => (event.type === 'user.addFiles' ? takeFiles(context.files, event.files) : {})),
    removeFile: assign(({ context, event }) =>
      event.type === 'user.removeFile' ? { files: context.files.filter((_, i) => i !== event.index), refused: [] } : {},
    ),
    setErrorFromEvent: assign((_, params: { error: unknown }) => ({ error: toAppError(params.error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasPortfolio: ({ context }) => context.building !== null,
    inHostNavigation: ({ context }) => context.inHostNavigation,
    canSubmit: ({ context }) => isFormComplete(context.fields),
    hasInput: ({ context }) => hasInput(context.fields, context.files, context.start),
  },
}).createMachine({
  id: HELP_DESK_ID,
  context: ({ input }) => ({
    buildingUuid: input.buildingUuid,
    building: input.building ?? null,
    inHostNavigation: input.inHostNavigation ?? false,
    requester: input.requester,
    issueTypes: HELP_DESK_NATURES,
    usesCategories: false,
    startInput: { subject: input.subject, nature: input.nature },
    start: startFields(input),
    fields: startFields(input),
    touched: {},
    files: [],
    refused: [],
    error: null,
  }),
  initial: 'preparing',
  states: {
    preparing: {
      description: "The building's portfolio is read: its help-desk categories, or none (the natures). Without a building, the natures.",
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasPortfolio', target: 'loading' }, { target: '#helpDesk.editing' }] },
        loading: {
          tags: ['preparing'],
          invoke: {
            src: 'loadPortfolio',
            input: ({ context }) => ({ portfolioUuid: context.building!.portfolioUuid }),
            onDone: { target: '#helpDesk.editing', actions: { type: 'takePortfolio', params: ({ event }) => ({ portfolio: event.output }) } },
            onError: 'failed',
          },
        },
        failed: {
          description: 'The portfolio could not be read, so the form cannot say which choices it takes: the person tries again.',
          tags: ['unprepared'],
          on: { 'user.retry': 'loading' },
        },
      },
    },
    editing: {
      initial: 'form',
      states: {
        form: {
          tags: ['editing'],
          on: {
            ...fieldEvents('assignField', 'assignTouched'),
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
    closed: {
      type: 'final',
      tags: ['closed'],
      description: 'The end: inside a host’s navigation it closes that navigation (content document, section 4), elsewhere the form leaves.',
      entry: enqueueActions(({ enqueue, check }) => {
        if (check('inHostNavigation')) enqueue('closeHostNavigation');
        else enqueue('leave');
      }),
    },
  },
});

export type HelpDeskRef = ActorRefFrom<typeof helpDeskMachine>;
