import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { withScheme } from '../content/links';
import { isNotFound } from './directory.rules';
import { type Company, type LoadError } from './directory.types';
import { toAppError } from '../../contracts/errors';
import { failedState, loadFailedOrNotFound, notFoundState } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export interface CompanyDetailInput {
  companyUuid: string;
}

export interface CompanyDetailContext extends CompanyDetailInput {
  company: Company | null;
  error: LoadError | null;
}

/** `failed` and `notFound` are the shared load's (machines/shared/loadOne.ts). */
export type CompanyDetailTag = 'loading' | 'failed' | 'notFound';

export type CompanyDetailEvent = { type: 'user.retry' } | { type: 'user.openWebsite' };

export const COMPANY_DETAIL_ID = 'companyDetail';

/** A company's screen: loads the company; its Website button opens the site (http:// added when the scheme is missing). */
export const companyDetailMachine = setup({
  types: { context: {} as CompanyDetailContext, events: {} as CompanyDetailEvent, input: {} as CompanyDetailInput, tags: {} as CompanyDetailTag },
  actors: {
    loadCompany: fromPromise<Company, { companyUuid: string }>(() => Promise.reject(new Error('loadCompany is not provided'))),
  },
  actions: {
    setError: assign(keepError),
    openWebsite: (_, _params: { url: string }) => {},
  },
  guards: {
    notFound: (_, params: { error: unknown }) => isNotFound(toAppError(params.error).status),
    hasWebsite: ({ context }) => !!context.company?.url?.trim(),
  },
}).createMachine({
  id: COMPANY_DETAIL_ID,
  context: ({ input }) => ({ ...input, company: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadCompany',
        input: ({ context }) => ({ companyUuid: context.companyUuid }),
        onDone: { target: 'loaded', actions: assign({ company: ({ event }) => event.output, error: null }) },
        onError: loadFailedOrNotFound,
      },
    },
    failed: failedState('The company could not be loaded; the error is kept and the page offers to try again.'),
    notFound: notFoundState('No such company in the directories of your buildings.'),
    loaded: {
      on: {
        'user.openWebsite': {
          guard: 'hasWebsite',
          actions: { type: 'openWebsite', params: ({ context }) => ({ url: withScheme(context.company!.url!) }) },
        },
      },
    },
  },
});

export type CompanyDetailRef = ActorRefFrom<typeof companyDetailMachine>;
