import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from './errors.js';

/**
 * How often one person (or one building, where equipment is shared) may write: store records, send mail or drive
 * equipment (issue 22, item 3; decision 145). Each limit is a window of `seconds` in which `max` calls pass; the next
 * is refused with 429 and Retry-After until the window ends. The numbers leave room for anyone using the app by hand
 * (a slider sends one change per release, a queue keeps only the newest) and stop a script at once.
 */
export interface WriteLimit {
  /** What is counted; calls of routes that share a name share the count. */
  name: string;
  /** Whose count: the signed-in person's, the building's (`request.member`), or the client address's (no sign-in). */
  per: 'person' | 'building' | 'address';
  max: number;
  seconds: number;
}

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export const WRITE_LIMITS = {
  /** A new service request: a few at once (a leak and a broken light), never a hundred. */
  serviceRequestsMinute: { name: 'service-requests', per: 'person', max: 5, seconds: MINUTE },
  serviceRequestsDay: { name: 'service-requests-day', per: 'person', max: 50, seconds: DAY },
  /** A request's status (a tenant cancels their own). */
  serviceRequestChanges: { name: 'service-request-changes', per: 'person', max: 30, seconds: MINUTE },
  /** A support request mails the help desk. */
  helpDeskMinute: { name: 'help-desk', per: 'person', max: 3, seconds: MINUTE },
  helpDeskDay: { name: 'help-desk-day', per: 'person', max: 20, seconds: DAY },
  /** RSVPs and claims, and taking them back. */
  responses: { name: 'responses', per: 'person', max: 30, seconds: MINUTE },
  /** Cancelling bookings. */
  bookings: { name: 'bookings', per: 'person', max: 20, seconds: MINUTE },
  /** Making bookings: a person books a few things at once (a room and a desk), and a refused try is retried by hand. */
  bookingRequestsMinute: { name: 'booking-requests', per: 'person', max: 10, seconds: MINUTE },
  bookingRequestsDay: { name: 'booking-requests-day', per: 'person', max: 100, seconds: DAY },
  /** Stored payment cards: removing one, choosing the default. */
  paymentCards: { name: 'payment-cards', per: 'person', max: 20, seconds: MINUTE },
  /** The profile and the password. */
  profile: { name: 'profile', per: 'person', max: 20, seconds: MINUTE },
  /** A suite's lighting and temperature: one person's changes, and everyone's in a building (its equipment). */
  suitePerson: { name: 'suites', per: 'person', max: 30, seconds: MINUTE },
  suiteBuilding: { name: 'suites-building', per: 'building', max: 300, seconds: MINUTE },
  /** Mini-app tokens (a mini-app asks for one per call it makes to its own server, at most every few seconds). */
  miniAppSessions: { name: 'mini-app-sessions', per: 'person', max: 30, seconds: MINUTE },
  /** A mini-app's storage writes. */
  miniAppStorage: { name: 'mini-app-storage', per: 'person', max: 120, seconds: MINUTE },
  /** Visits: each invitation or change mails the guest. */
  visitsMinute: { name: 'visits', per: 'person', max: 10, seconds: MINUTE },
  visitsDay: { name: 'visits-day', per: 'person', max: 100, seconds: DAY },
  /** A lobby kiosk's check-ins and check-outs (a queue at the desk, never a script trying codes). */
  kioskPasses: { name: 'kiosk-passes', per: 'person', max: 60, seconds: MINUTE },
  /** Marking notifications seen or read: the list marks what it shows as it scrolls, a person opens one after another. */
  notificationMarks: { name: 'notification-marks', per: 'person', max: 120, seconds: MINUTE },
  /** Analytics events, which anyone may send: per client address. */
  analytics: { name: 'analytics', per: 'address', max: 120, seconds: MINUTE },
} as const satisfies Record<string, WriteLimit>;

/** The one a limit counts for: the person, the building or the address (the route's sign-in check ran before). */
function subject(limit: WriteLimit, request: FastifyRequest): string {
  if (limit.per === 'address') return request.ip;
  // A mini-app's call with its token (the visits API) counts for the person the token names.
  const id = limit.per === 'person' ? (request.auth?.userId ?? request.visitHost?.userId) : request.member?.id;
  // A route that names a person's or a building's limit checks the sign-in first; without one nothing is counted wrong.
  if (id === undefined) throw new Error(`The ${limit.name} limit runs after the route's sign-in check`);
  return String(id);
}

/** "in 45 seconds", "in 3 hours": the wait a refusal names. */
const wait = (seconds: number) => (seconds < 5400 ? `${Math.max(1, Math.ceil(seconds))} seconds` : `${Math.ceil(seconds / 3600)} hours`);

/**
 * A preHandler that counts the call against each limit, in order, and refuses it (429, Retry-After) at the first one
 * that is spent: a person past their own limit does not spend the building's. It runs after the route's sign-in check
 * (`request.auth`, and `request.member` for a building's limit), so the count is the person's, never one a forged token
 * names. Counted in the rate-limit plugin's store: per instance, or one count across instances with REDIS_URL.
 * `WRITE_LIMIT_FACTOR` multiplies every `max` (the tests that send hundreds of calls as one person raise it).
 */
export function writeLimits(app: FastifyInstance, ...limits: WriteLimit[]) {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max * app.deps.config.writeLimitFactor,
      timeWindow: limit.seconds * 1000,
      keyGenerator: (request: FastifyRequest) => `${limit.name}:${limit.per}:${subject(limit, request)}`,
      // While Redis is down a write is counted in this instance's memory rather than refused (lib/limitStore.ts).
      skipOnError: true,
    }),
  }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { limit, check } of checks) {
      const answer = await check(request);
      if (answer.isAllowed || !answer.isExceeded) continue;
      void reply.header('retry-after', answer.ttlInSeconds);
      const who = { person: 'from your account', building: 'in this building', address: 'from this address' }[limit.per];
      throw httpError(429, `Too many requests ${who}. Please try again in ${wait(answer.ttlInSeconds)}.`, 'too_many_requests');
    }
  };
}
