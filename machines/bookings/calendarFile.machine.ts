import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AppError } from '../../contracts/errors';
import { keepError, setError } from '../shared/failure';
import type { BookingPath } from './bookings.types';

export const CALENDAR_FILE_ID = 'calendarFile';

export interface CalendarFileInput {
  path: BookingPath;
}

export interface CalendarFileContext extends CalendarFileInput {
  error: AppError | null;
}

export type CalendarFileEvent = { type: 'user.addToCalendar' };

/** `calendar:busy`: the file is being read; `calendar:failed`: the last try failed (the page says so). */
export type CalendarFileTag = 'calendar:busy' | 'calendar:failed';

/**
 * "Add to calendar" on a booking's receipt (issue 26): the booking's calendar file is read with the person's bearer
 * (a plain link would carry none) and handed to the device as a download. A failure says so and the button stays,
 * so pressing it again is the retry.
 */
export const calendarFileMachine = setup({
  types: {
    context: {} as CalendarFileContext,
    events: {} as CalendarFileEvent,
    input: {} as CalendarFileInput,
    tags: {} as CalendarFileTag,
  },
  actors: {
    /** Reads the file and saves it on the device. */
    download: fromPromise<void, BookingPath>(() => Promise.reject(new Error('download is not provided'))),
  },
  actions: { setError: assign(keepError), clearError: assign({ error: null }) },
}).createMachine({
  id: CALENDAR_FILE_ID,
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'user.addToCalendar': 'downloading' } },
    downloading: {
      tags: ['calendar:busy'],
      entry: 'clearError',
      invoke: {
        src: 'download',
        input: ({ context }) => context.path,
        onDone: { target: 'idle' },
        onError: { target: 'failed', actions: setError },
      },
    },
    failed: {
      description: 'The file could not be read: the page says so; pressing the button again tries again.',
      tags: ['calendar:failed'],
      on: { 'user.addToCalendar': 'downloading' },
    },
  },
});

export type CalendarFileRef = ActorRefFrom<typeof calendarFileMachine>;
