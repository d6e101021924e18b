import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Api } from '../lib/typedRoutes.js';
import { dataOf, emailField, errorResponses } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { bearerToken } from '../lib/buildings.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';
import { newPassRef, passCheckMatches, passCode, readPassCode, type PassBinding } from '../lib/visitPass.js';
import { storedSetting } from '../stores/settings.js';
import { randomToken } from '../lib/random.js';
import type { Mailer } from '../lib/mail.js';
import { notify } from '../lib/notifications.js';
import type { Db } from '../db/index.js';
import { miniAppByUuid } from '../stores/miniApps.js';
import {
  createVisit,
  hostVisit,
  hostVisits,
  mayRunKiosk,
  setVisitState,
  tokenPerson,
  updateVisit,
  visitByPassRef,
  windowInstants,
  type VisitRow,
} from '../stores/visits.js';

/** How long before its window a pass is let in (a guest a little early is not turned away). */
export const EARLY_CHECK_IN_MINUTES = 15;
/** How far ahead a visit may be planned. */
const MAX_DAYS_AHEAD = 366;
export const MAX_VISIT_NOTE = 500;

declare module 'fastify' {
  interface FastifyRequest {
    /** What a verified mini-app token with the scope `visits` names (requireVisitsToken). */
    visitHost?: { userId: number; buildingId: number; buildingUuid: string; timezone: string; appId: number };
  }
}

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const time = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM in the building’s time zone' } as const;
const date = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD, the day in the building’s time zone' } as const;
const guestName = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const note = { type: ['string', 'null'], maxLength: MAX_VISIT_NOTE } as const;

const visitSchema = {
  type: 'object',
  required: [
    'uuid',
    'building_uuid',
    'guest_name',
    'guest_email',
    'date',
    'start_time',
    'end_time',
    'starts_at',
    'ends_at',
    'note',
    'state',
    'pass_active',
    'arrived_at',
    'left_at',
    'created_at',
  ],
  properties: {
    uuid: str,
    building_uuid: str,
    guest_name: str,
    guest_email: str,
    date: str,
    start_time: str,
    end_time: str,
    starts_at: { type: 'string', description: 'ISO 8601' },
    ends_at: { type: 'string', description: 'ISO 8601' },
    note: nstr,
    state: { type: 'string', enum: ['expected', 'arrived', 'left', 'cancelled'] },
    pass_active: { type: 'boolean', description: 'Whether the pass still lets the guest in or out (not revoked, the visit not over)' },
    arrived_at: nstr,
    left_at: nstr,
    created_at: str,
  },
} as const;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function visitAnswer(v: VisitRow, now: Date) {
  return {
    uuid: v.uuid,
    building_uuid: v.building_uuid,
    guest_name: v.guest_name,
    guest_email: v.guest_email,
    date: v.date,
    start_time: v.start_time,
    end_time: v.end_time,
    starts_at: iso(v.starts_at)!,
    ends_at: iso(v.ends_at)!,
    note: v.note,
    state: v.state,
    pass_active: !v.pass_revoked && (v.state === 'expected' || v.state === 'arrived') && new Date(v.ends_at) > now,
    arrived_at: iso(v.arrived_at),
    left_at: iso(v.left_at),
    created_at: iso(v.created_at)!,
  };
}

const bindingOf = (v: Pick<VisitRow, 'uuid' | 'building_uuid' | 'starts_at' | 'ends_at'>): PassBinding => ({
  visitUuid: v.uuid,
  buildingUuid: v.building_uuid,
  startsAt: new Date(v.starts_at),
  endsAt: new Date(v.ends_at),
});

/** Whether a YYYY-MM-DD text names a real day. */
const realDate = (text: string) => {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

/** The server's own secret that pass codes are checked with (kept in the database: every instance shares it). */
export const visitPassSecret = (db: Db) => storedSetting(db, 'visit_pass_secret', () => randomToken(32));

/**
 * Mails the guest their pass: the QR code (inline picture and attachment) and the same code as text; `changed` for a
 * visit that moved (the old code stops working). A mail that fails is logged, not thrown: the visit stands.
 */
export async function mailVisitPass(
  deps: { mailer: Mailer; passSecret: string; log: FastifyBaseLogger },
  visit: VisitRow,
  changed: boolean,
): Promise<void> {
  const { mailer, passSecret } = deps;
  const code = passCode(passSecret, visit.pass_ref, bindingOf(visit));
  const png = await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  const when = `${visit.date}, ${visit.start_time}–${visit.end_time} (${visit.timezone})`;
  const lead = changed ? `Your visit to ${visit.building_name} has changed.` : `${visit.host_name} invites you to ${visit.building_name}.`;
  const text = [
    `Hello ${visit.guest_name},`,
    '',
    lead,
    `When: ${when}`,
    ...(visit.note ? [`Note from your host: ${visit.note}`] : []),
    '',
    `Your pass code: ${code}`,
    'Show the QR code of this message at the lobby kiosk, or type the code there. It is valid only for this visit’s time.',
  ].join('\n');
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>Hello ${escape(visit.guest_name)},</p><p>${escape(lead)}<br>When: ${escape(when)}</p>${
    visit.note ? `<p>Note from your host: ${escape(visit.note)}</p>` : ''
  }<p><img src="cid:visit-pass" alt="Your pass: ${code}" width="240" height="240"></p><p>Your pass code: <strong data-pass-code>${code}</strong></p>`;
  try {
    await mailer.send({
      to: visit.guest_email,
      subject: changed ? `Your visit to ${visit.building_name} has changed` : `Your visitor pass for ${visit.building_name}`,
      text,
      html,
      attachments: [{ filename: 'visitor-pass.png', content: png, contentType: 'image/png', cid: 'visit-pass' }],
    });
  } catch (error) {
    deps.log.error({ err: error, visit: visit.uuid }, 'visitor pass not mailed');
  }
}

/**
 * Visitor passes (issue 23; decisions 167 and 168): a tenant's visitor mini-app
 * invites guests with its mini-app token (scope `visits`), and the guest is mailed a pass (a QR code and the same code
 * as text); the lobby kiosk checks guests in and out with the code.
 */
export async function visitRoutes(app: Api) {
  const { db, clock, mailer, miniAppTokens } = app.deps;
  const passSecret = await visitPassSecret(db);

  /**
   * The mini-app token's check: its signature and scope, a registered mini-app still granted `visits`, a person still
   * active and still in the token's building. 401 for a bad token, 403 for a mini-app or person that may not.
   */
  const requireVisitsToken = async (request: FastifyRequest) => {
    const claims = await miniAppTokens.verify(bearerToken(request), 'visits');
    const registered = await miniAppByUuid(db, claims.appUuid);
    if (!registered) throw httpError(401, 'The mini-app of this token is not registered', 'invalid_token');
    if (!registered.scopes.includes('visits')) throw httpError(403, 'This mini-app is not granted visits', 'scope_not_granted');
    const person = await tokenPerson(db, claims.userUuid, claims.buildingUuid);
    if (!person || person.deactivated) throw httpError(401, 'The session has ended', 'session_revoked');
    if (!person.building_id || !person.member || !person.timezone) throw httpError(403, 'You do not have access to this building', 'not_a_member');
    request.visitHost = {
      userId: person.user_id,
      buildingId: person.building_id,
      buildingUuid: claims.buildingUuid,
      timezone: person.timezone,
      appId: registered.id,
    };
  };

  /** The window's instants, checked: a real day, the end after the start, not over, not too far ahead. */
  const checkedWindow = async (w: { date: string; start_time: string; end_time: string }, timezone: string) => {
    if (!realDate(w.date)) throw httpError(400, `${w.date} is not a day`, 'invalid_date');
    if (w.end_time <= w.start_time) throw httpError(400, 'The visit must end after it starts, on the same day', 'invalid_window');
    const instants = await windowInstants(db, { date: w.date, startTime: w.start_time, endTime: w.end_time, timezone });
    const now = clock.now();
    if (instants.ends_at <= now) throw httpError(400, 'The visit’s time is over already', 'visit_in_past');
    if (instants.starts_at.getTime() - now.getTime() > MAX_DAYS_AHEAD * 86_400_000)
      throw httpError(400, `A visit may be planned ${MAX_DAYS_AHEAD} days ahead at most`, 'too_far_ahead');
    return instants;
  };

  const mailPass = (request: FastifyRequest, visit: VisitRow, changed: boolean) =>
    mailVisitPass({ mailer, passSecret, log: request.log }, visit, changed);

  const visitParams = { type: 'object', required: ['visitUuid'], properties: { visitUuid: { type: 'string', format: 'uuid' } } } as const;
  const tokenNote =
    'Authorised by a mini-app token (POST /tenant/v1/apps/{appUuid}/sessions) carrying the scope visits; its building is the token’s.';

  app.get(
    '/tenant/v1/visits',
    {
      onRequest: requireVisitsToken,
      schema: {
        tags: ['visits'],
        summary: "The person's visits in the token's building: upcoming (not over, expected or arrived) and past (over, left or cancelled)",
        description: tokenNote,
        security: [{ bearer: [] }],
        response: {
          200: dataOf({
            type: 'object',
            required: ['upcoming', 'past'],
            properties: { upcoming: { type: 'array', items: visitSchema }, past: { type: 'array', items: visitSchema } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const host = request.visitHost!;
      const now = clock.now();
      const all = (await hostVisits(db, host.userId, host.buildingId)).map((v) => visitAnswer(v, now));
      const isUpcoming = (v: ReturnType<typeof visitAnswer>) => (v.state === 'expected' || v.state === 'arrived') && new Date(v.ends_at) > now;
      return { data: { upcoming: all.filter(isUpcoming), past: all.filter((v) => !isUpcoming(v)).reverse() } };
    },
  );

  app.post(
    '/tenant/v1/visits',
    {
      onRequest: [requireVisitsToken, writeLimits(app, WRITE_LIMITS.visitsMinute, WRITE_LIMITS.visitsDay)],
      schema: {
        tags: ['visits'],
        summary: 'Invites a guest: the guest is mailed a pass (a QR code and the same code as text) valid on that day’s window only',
        description: `${tokenNote} The window is start_time to end_time of date, in the building's time zone.`,
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          required: ['guest_name', 'guest_email', 'date', 'start_time', 'end_time'],
          additionalProperties: false,
          properties: { guest_name: guestName, guest_email: emailField, date, start_time: time, end_time: time, note },
        },
        response: { 201: dataOf(visitSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const host = request.visitHost!;
      const body = request.body;
      const instants = await checkedWindow(body, host.timezone);
      const visit = await createVisit(db, {
        hostUserId: host.userId,
        buildingId: host.buildingId,
        appId: host.appId,
        guestName: body.guest_name.trim(),
        guestEmail: body.guest_email.toLowerCase(),
        date: body.date,
        startsAt: instants.starts_at,
        endsAt: instants.ends_at,
        note: body.note?.trim() || null,
        passRef: newPassRef(),
        now: clock.now(),
      });
      await mailPass(request, visit, false);
      return reply.status(201).send({ data: visitAnswer(visit, clock.now()) });
    },
  );

  /** The person's own visit in the token's building; 404 for any other. */
  const ownVisit = async (request: FastifyRequest, uuid: string) => {
    const host = request.visitHost!;
    const visit = await hostVisit(db, host.userId, host.buildingId, uuid);
    if (!visit) throw httpError(404, 'No visit of yours with this id', 'unknown_visit');
    return visit;
  };

  app.patch(
    '/tenant/v1/visits/:visitUuid',
    {
      onRequest: [requireVisitsToken, writeLimits(app, WRITE_LIMITS.visitsMinute, WRITE_LIMITS.visitsDay)],
      schema: {
        tags: ['visits'],
        summary: 'Changes an expected visit; a new day, time or guest address gets a new pass (mailed; the old code stops working)',
        description: `${tokenNote} 409 visit_not_editable once the guest arrived, left or the visit was cancelled.`,
        security: [{ bearer: [] }],
        params: visitParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { guest_name: guestName, guest_email: emailField, date, start_time: time, end_time: time, note },
        },
        response: { 200: dataOf(visitSchema), ...errorResponses },
      },
    },
    async (request) => {
      const host = request.visitHost!;
      const visit = await ownVisit(request, request.params.visitUuid);
      if (visit.state !== 'expected') throw httpError(409, `The visit is ${visit.state}: it can no longer be changed`, 'visit_not_editable');
      const body = request.body;
      const window = { date: body.date ?? visit.date, start_time: body.start_time ?? visit.start_time, end_time: body.end_time ?? visit.end_time };
      const guestEmail = body.guest_email?.toLowerCase() ?? visit.guest_email;
      const moved = window.date !== visit.date || window.start_time !== visit.start_time || window.end_time !== visit.end_time;
      const readdressed = guestEmail !== visit.guest_email;
      const instants = moved ? await checkedWindow(window, host.timezone) : { starts_at: visit.starts_at, ends_at: visit.ends_at };
      const updated = await updateVisit(db, visit.id, {
        guestName: body.guest_name?.trim() ?? visit.guest_name,
        guestEmail,
        date: window.date,
        startsAt: instants.starts_at,
        endsAt: instants.ends_at,
        note: body.note === undefined ? visit.note : body.note?.trim() || null,
        passRef: moved || readdressed ? newPassRef() : visit.pass_ref,
        now: clock.now(),
      });
      if (moved || readdressed) await mailPass(request, updated, !readdressed);
      return { data: visitAnswer(updated, clock.now()) };
    },
  );

  app.post(
    '/tenant/v1/visits/:visitUuid/cancel',
    {
      onRequest: [requireVisitsToken, writeLimits(app, WRITE_LIMITS.visitsMinute, WRITE_LIMITS.visitsDay)],
      schema: {
        tags: ['visits'],
        summary: 'Cancels an expected visit: its pass is revoked and the guest is told',
        description: `${tokenNote} 409 visit_not_cancellable once the guest arrived or left, or when cancelled already.`,
        security: [{ bearer: [] }],
        params: visitParams,
        response: { 200: dataOf(visitSchema), ...errorResponses },
      },
    },
    async (request) => {
      const visit = await ownVisit(request, request.params.visitUuid);
      if (visit.state !== 'expected') throw httpError(409, `The visit is ${visit.state}: it cannot be cancelled`, 'visit_not_cancellable');
      const now = clock.now();
      const cancelled = await setVisitState(db, visit.id, 'cancelled', now, true);
      try {
        await mailer.send({
          to: visit.guest_email,
          subject: `Your visit to ${visit.building_name} is cancelled`,
          text: `Hello ${visit.guest_name},\n\n${visit.host_name} cancelled your visit to ${visit.building_name} on ${visit.date}, ${visit.start_time}–${visit.end_time}. Your pass no longer works.`,
        });
      } catch (error) {
        request.log.error({ err: error, visit: visit.uuid }, 'visit cancellation not mailed');
      }
      return { data: visitAnswer(cancelled, now) };
    },
  );
}

/** The answer of a kiosk's check-in or check-out: the guest's and the host's names only. */
const passAnswer = dataOf({
  type: 'object',
  required: ['visit_uuid', 'guest_name', 'host_name', 'state'],
  properties: { visit_uuid: str, guest_name: str, host_name: str, state: { type: 'string', enum: ['arrived', 'left'] } },
});

/**
 * The lobby kiosk's check-in and check-out (decision 168): the kiosk is the app signed in as a person
 * who may run the building's visitor desk (a building admin, or the permission visitor-kiosk there). A pass is read
 * from its code; it is refused with a code of its own: invalid_pass (unknown or forged), wrong_building, pass_used,
 * pass_revoked, pass_not_yet_valid, pass_expired, not_checked_in.
 */
export async function kioskVisitRoutes(app: Api) {
  const { db, clock, mailer } = app.deps;
  const passSecret = await visitPassSecret(db);

  const requireKiosk = async (request: FastifyRequest) => {
    if (!(await mayRunKiosk(db, request.person.userId, request.member!.id)))
      throw httpError(403, 'This account may not run the visitor desk of this building', 'not_a_kiosk');
  };

  const params = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
  const body = {
    type: 'object',
    required: ['code'],
    additionalProperties: false,
    properties: { code: { type: 'string', minLength: 1, maxLength: 64, description: 'The pass code, scanned or typed (XXXX-XXXX-XXXX)' } },
  } as const;

  /** The visit a code names, checked as far as both desks check it: a real code, this server's, this building's. */
  const passVisit = async (tx: typeof db, code: string, buildingUuid: string) => {
    const invalid = () => httpError(404, 'This is not a valid pass', 'invalid_pass');
    const read = readPassCode(code);
    if (!read) throw invalid();
    const visit = await visitByPassRef(tx, read.ref);
    if (!visit || !passCheckMatches(passSecret, read, bindingOf(visit))) throw invalid();
    if (visit.building_uuid !== buildingUuid) throw httpError(403, 'This pass is for another building', 'wrong_building');
    return visit;
  };

  const config = {
    config: { member: true },
    onRequest: [requireKiosk, writeLimits(app, WRITE_LIMITS.kioskPasses)],
  };

  app.post(
    '/tenant/v1/buildings/:id/visitor-kiosk/check-in',
    {
      ...config,
      schema: {
        tags: ['visits'],
        summary: "Checks a guest in by their pass code: answers the guest's and the host's names, marks the visit arrived and tells the host",
        description:
          'The kiosk account must be a building admin or hold the permission visitor-kiosk in the building (403 not_a_kiosk). Refusals: ' +
          `404 invalid_pass, 403 wrong_building, 409 pass_used, 410 pass_revoked, 409 pass_not_yet_valid (more than ${EARLY_CHECK_IN_MINUTES} minutes early), 410 pass_expired.`,
        security: [{ bearer: [] }],
        params,
        body,
        response: { 200: passAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const now = clock.now();
      const visit = await db.transaction(async (tx) => {
        const found = await passVisit(tx, request.body.code, request.member!.uuid);
        if (found.state === 'arrived') throw httpError(409, 'This pass has been used already', 'pass_used');
        if (found.pass_revoked || found.state !== 'expected') throw httpError(410, 'This pass has been revoked', 'pass_revoked');
        if (now.getTime() < new Date(found.starts_at).getTime() - EARLY_CHECK_IN_MINUTES * 60_000)
          throw httpError(409, `This pass is valid from ${found.start_time} on ${found.date}`, 'pass_not_yet_valid');
        if (now >= new Date(found.ends_at)) throw httpError(410, 'This pass has expired', 'pass_expired');
        return setVisitState(tx, found.id, 'arrived', now, false);
      });
      // The host is told in the app and by mail, each as their preference for visitor arrivals says.
      await notify(
        app.deps,
        request.log,
        { userId: visit.host_user_id, buildingId: request.member!.id, kind: 'visitor_arrived', params: { subject: visit.guest_name }, link: null },
        async () => {
          try {
            await mailer.send({
              to: visit.host_email,
              subject: `${visit.guest_name} has arrived`,
              text: `Your visitor ${visit.guest_name} checked in at ${visit.building_name} (${visit.start_time}–${visit.end_time}).`,
            });
          } catch (error) {
            request.log.error({ err: error, visit: visit.uuid }, 'arrival not mailed to the host');
          }
        },
      );
      return { data: { visit_uuid: visit.uuid, guest_name: visit.guest_name, host_name: visit.host_name, state: 'arrived' as const } };
    },
  );

  app.post(
    '/tenant/v1/buildings/:id/visitor-kiosk/check-out',
    {
      ...config,
      schema: {
        tags: ['visits'],
        summary: 'Checks a guest out by their pass code: marks the visit left and revokes the pass',
        description: 'Refusals: 404 invalid_pass, 403 wrong_building, 409 not_checked_in, 410 pass_revoked.',
        security: [{ bearer: [] }],
        params,
        body,
        response: { 200: passAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const now = clock.now();
      const visit = await db.transaction(async (tx) => {
        const found = await passVisit(tx, request.body.code, request.member!.uuid);
        if (found.pass_revoked || found.state === 'left' || found.state === 'cancelled')
          throw httpError(410, 'This pass has been revoked', 'pass_revoked');
        if (found.state !== 'arrived') throw httpError(409, 'This guest has not checked in', 'not_checked_in');
        return setVisitState(tx, found.id, 'left', now, true);
      });
      return { data: { visit_uuid: visit.uuid, guest_name: visit.guest_name, host_name: visit.host_name, state: 'left' as const } };
    },
  );
}

/**
 * CORS for the routes a mini-app calls from its own origin with its token (the visits API): the registered origins
 * only, no credentials (the token is the permission). Preflights are answered here.
 */
export function installMiniAppCors(app: FastifyInstance, options: { apiBase: string; origins: string[] }) {
  const allowed = new Set(options.origins);
  const prefix = `${options.apiBase}/tenant/v1/visits`;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return;
    const origin = request.headers.origin;
    const known = typeof origin === 'string' && allowed.has(origin);
    void reply.header('vary', 'Origin');
    if (known) void reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS') {
      if (known)
        void reply
          .header('access-control-allow-methods', 'GET, POST, PATCH')
          .header('access-control-allow-headers', 'authorization, content-type')
          .header('access-control-max-age', '600');
      return reply.status(204).send();
    }
  });
}
