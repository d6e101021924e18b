import type { Db } from './index.js';
import { seedEmergencyManagement } from './seedEmergency.js';

/**
 * Demo data of the services (issue 12) in every demo building, added to a database that has none yet (so a database
 * seeded before the services existed gets them on its next start).
 *
 * Smart suites: floor 12 has a suite with lighting and temperature, one with temperature only (no lighting control)
 * and one whose equipment does not answer; floor 14 two more suites with both; floor 15 has no suites. Suite 1200 is
 * the building's first tenant company's, Suite 1450 its second's (read-only to the others: decision 144). Buildings
 * whose locale is not American show temperatures in °C.
 *
 * Service requests: the demo tenant and the Globex admin have requests in several statuses in each of their buildings.
 * Bookings and booked services: see seedBookings and seedServiceBookings; their dates are relative to `now` (the day
 * of the seed, as the content's are).
 */
export async function seedServicesData(db: Db, now = new Date()): Promise<void> {
  await seedSmartSuites(db);
  await seedSmartBuildingEntry(db);
  await seedEmergencyManagement(db);
  await seedServiceRequests(db);
  await seedBookings(db, now);
  await seedServiceBookings(db, now);
  await seedPastRsvps(db, now);
  await seedPaymentCards(db, now);
}

/** The demo people whose history and bookings are filled, in each of their buildings (every demo building has one). */
const BOOKING_PEOPLE = ['demo@northwind.example', 'admin@globex.example', 'olivia@umbrella.example'];
const currencyOf = (locale: string | null) => (locale === 'en-GB' ? 'GBP' : locale === 'fr-CA' ? 'CAD' : 'USD');
const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
/** `days` from today's start (UTC) at `hour` UTC. */
const dayAt = (now: Date, days: number, hour: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour));
  return d.toISOString();
};
const plusHours = (isoText: string, hours: number) => new Date(new Date(isoText).getTime() + hours * 3_600_000).toISOString();

/**
 * Resource bookings (decision 054): in every building a manager address and four resources (a meeting room that needs
 * approval with an hour's cancellation window, a desk booked at once, a paid rooftop with a day's window, a boardroom
 * whose window is a week); for each demo person in each of their buildings twelve bookings, every status of the
 * first vocabulary at least once (so every receipt status too): future ones still cancellable, a future one past its
 * window, past ones; with form responses.
 */
async function seedBookings(db: Db, now: Date): Promise<void> {
  const [existing] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM resources');
  if (existing && existing.count > 0) return;
  const buildings = await db.query<{ id: number; name: string; locale: string | null }>('SELECT id, name, locale FROM buildings ORDER BY id');
  const people = await db.query<{ id: number; building_id: number }>(
    `SELECT u.id, ub.building_id FROM users u JOIN user_buildings ub ON ub.user_id = u.id WHERE u.email = ANY($1) ORDER BY u.id, ub.building_id`,
    [BOOKING_PEOPLE],
  );
  await db.transaction(async (tx) => {
    for (const building of buildings)
      await seedBuildingBookings(
        tx,
        building,
        people.filter((p) => p.building_id === building.id),
        now,
      );
  });
}

/**
 * One building's manager address and four resources, and the twelve bookings of each of `people` (the seed's demo
 * people of the building, a development tenant's people with their history, or none). Inside the caller's transaction.
 */
export async function seedBuildingBookings(
  tx: Db,
  building: { id: number; name: string; locale: string | null },
  people: { id: number }[],
  now: Date,
): Promise<void> {
  const slug = slugOf(building.name);
  const currency = currencyOf(building.locale);
  await tx.query('UPDATE buildings SET manager_email = $2 WHERE id = $1 AND manager_email IS NULL', [
    building.id,
    `manager.${slug}@atrium.localhost`,
  ]);
  const terms = new Map<number, { window: number; description: string }>();
  const resource = async (r: {
    name: string;
    image: string;
    approval: boolean;
    window: number;
    description: string;
    price: number;
    manager?: string;
  }) => {
    const id = (
      await tx.query<{ id: number }>(
        `INSERT INTO resources (building_id, name, image_url, manager_email, requires_approval, cancellation_window_end_minutes,
                                cancellation_description, price, currency_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [building.id, r.name, `/media/content/${r.image}`, r.manager ?? null, r.approval, r.window, r.description, r.price, currency],
      )
    )[0]!.id;
    terms.set(id, { window: r.window, description: r.description });
    return id;
  };
  const room = await resource({
    name: 'Conference Room A',
    image: 'amenity-conference.svg',
    approval: true,
    window: 60,
    description: 'You can cancel up to 1 hour before your booking starts.',
    price: 0,
  });
  const desk = await resource({
    name: 'Focus Desk 7',
    image: 'amenity-phone-booths.svg',
    approval: false,
    window: 15,
    description: 'You can cancel up to 15 minutes before your booking starts.',
    price: 0,
  });
  const rooftop = await resource({
    name: 'Rooftop Terrace',
    image: 'amenity-rooftop.svg',
    approval: true,
    window: 24 * 60,
    description: 'Cancellations are accepted until 24 hours before the booking; later ones are charged in full.',
    price: 50,
    manager: `events.${slug}@atrium.localhost`,
  });
  const boardroom = await resource({
    name: 'Executive Boardroom',
    image: 'amenity-conference.svg',
    approval: true,
    window: 7 * 24 * 60,
    description: 'Bookings can be cancelled up to 7 days before they start.',
    price: 0,
  });
  const yesNo = (question: string, answer: 'Yes' | 'No') => ({ question, answer, type: 'Yes/No' });
  const text = (question: string, answer: string) => ({ question, answer, type: 'text' });
  const plan: { resource: number; price: number; status: string; days: number; hour: number; hours: number; form: object[] }[] = [
    {
      resource: room,
      price: 0,
      status: 'pending',
      days: 3,
      hour: 14,
      hours: 1,
      form: [yesNo('Will you need the projector?', 'Yes'), text('How many people will attend?', '6')],
    },
    {
      resource: rooftop,
      price: 100,
      status: 'accepted',
      days: 2,
      hour: 17,
      hours: 2,
      form: [yesNo('Will you serve food or drinks?', 'Yes'), text('What is the occasion?', 'Team celebration')],
    },
    { resource: boardroom, price: 0, status: 'accepted', days: 3, hour: 15, hours: 2, form: [yesNo('Do you need video conferencing?', 'Yes')] },
    {
      resource: rooftop,
      price: 50,
      status: 'pending_payment',
      days: 5,
      hour: 16,
      hours: 1,
      form: [yesNo('Will you serve food or drinks?', 'No')],
    },
    { resource: room, price: 0, status: 'cancelled_user', days: 4, hour: 13, hours: 1, form: [text('How many people will attend?', '3')] },
    { resource: desk, price: 0, status: 'cancelled_vendor', days: 6, hour: 13, hours: 4, form: [] },
    { resource: room, price: 0, status: 'denied_unavailable', days: 1, hour: 15, hours: 1, form: [yesNo('Will you need the projector?', 'No')] },
    {
      resource: boardroom,
      price: 0,
      status: 'denied_available',
      days: 8,
      hour: 14,
      hours: 3,
      form: [yesNo('Do you need video conferencing?', 'No')],
    },
    {
      resource: rooftop,
      price: 150,
      status: 'cancelled',
      days: -3,
      hour: 17,
      hours: 3,
      form: [text('What is the occasion?', 'Client reception')],
    },
    { resource: desk, price: 0, status: 'confirmed', days: -2, hour: 13, hours: 8, form: [] },
    {
      resource: room,
      price: 0,
      status: 'accepted',
      days: -7,
      hour: 14,
      hours: 1,
      form: [yesNo('Will you need the projector?', 'Yes'), text('How many people will attend?', '8')],
    },
    { resource: desk, price: 0, status: 'confirmed', days: 1, hour: 13, hours: 4, form: [] },
  ];
  for (const person of people) {
    for (const b of plan) {
      const start = dayAt(now, b.days, b.hour);
      const { window: cancelWindow, description } = terms.get(b.resource)!;
      await tx.query(
        `INSERT INTO resource_bookings (resource_id, user_id, status, start_at, end_at, form_responses, cancellation_window_end_minutes,
                                        cancellation_description, total_price, currency_type, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11)`,
        [
          b.resource,
          person.id,
          b.status,
          start,
          plusHours(start, b.hours),
          JSON.stringify(b.form),
          cancelWindow,
          description,
          b.price,
          currency,
          dayAt(now, Math.min(b.days, 0) - 10, 12),
        ],
      );
    }
  }
}

/** Booked services for the history (no call makes them): future and past ones, in each demo person's buildings. */
async function seedServiceBookings(db: Db, now: Date): Promise<void> {
  const [existing] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM service_bookings');
  if (existing && existing.count > 0) return;
  const people = await db.query<{ id: number; building_id: number; locale: string | null }>(
    `SELECT u.id, ub.building_id, b.locale FROM users u JOIN user_buildings ub ON ub.user_id = u.id JOIN buildings b ON b.id = ub.building_id
      WHERE u.email = ANY($1) ORDER BY u.id, ub.building_id`,
    [BOOKING_PEOPLE],
  );
  await db.transaction(async (tx) => {
    for (const person of people) await seedServiceBookingsOf(tx, person, now);
  });
}

/** Six booked services, future and past, of a person in one of their buildings (`locale`: the building's). Inside the caller's transaction. */
export async function seedServiceBookingsOf(tx: Db, person: { id: number; building_id: number; locale: string | null }, now: Date): Promise<void> {
  const plan = [
    { provider: 'Sparkle Office Cleaning', logo: 'article-drycleaning.svg', cents: 4500, status: 'Accepted', days: 2, hour: 18, hours: 2 },
    { provider: 'Dash Couriers', logo: 'company-dash-couriers.svg', cents: 1999, status: 'Pending', days: 5, hour: 15, hours: 1 },
    { provider: 'Bright Smile Dental', logo: 'company-bright-smile-dental.svg', cents: 12000, status: 'Submitted', days: 9, hour: 14, hours: 1 },
    { provider: 'Apex Shoe Repair', logo: 'company-apex-shoe-repair.svg', cents: 2500, status: 'Canceled', days: -4, hour: 16, hours: 1 },
    { provider: 'Clearview Optics', logo: 'company-clearview-optics.svg', cents: 8900, status: 'Accepted', days: -10, hour: 15, hours: 1 },
    { provider: 'Sparkle Office Cleaning', logo: 'article-drycleaning.svg', cents: 4500, status: 'Denied', days: -1, hour: 18, hours: 2 },
  ];
  for (const s of plan) {
    const start = dayAt(now, s.days, s.hour);
    await tx.query(
      `INSERT INTO service_bookings (user_id, building_id, provider_name, logo_url, price_cents, currency_type, status, start_at, end_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        person.id,
        person.building_id,
        s.provider,
        `/media/content/${s.logo}`,
        s.cents,
        currencyOf(person.locale),
        s.status,
        start,
        plusHours(start, s.hours),
      ],
    );
  }
}

async function seedSmartSuites(db: Db): Promise<void> {
  const [existing] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM smart_floors');
  if (existing && existing.count > 0) return;
  const buildings = await db.query<{ id: number; locale: string | null }>('SELECT id, locale FROM buildings ORDER BY id');
  await db.transaction(async (tx) => {
    for (const building of buildings) {
      // The building's tenant companies, oldest first: the first has a suite of its own, the second one beside it.
      const companies = await tx.query<{ id: number }>(
        `SELECT DISTINCT d.company_id AS id FROM domain_buildings b JOIN email_domains d ON d.domain = b.domain
          WHERE b.building_id = $1 AND d.company_id IS NOT NULL ORDER BY 1`,
        [building.id],
      );
      await seedBuildingSuites(tx, building, { own: companies[0]?.id ?? null, neighbour: companies[1]?.id ?? null });
    }
  });
}

/**
 * One building's smart floors and suites (temperatures in °C unless its locale is American). Inside the caller's
 * transaction. Suite 1200 is the `own` company's and Suite 1450 the `neighbour`'s (read-only to everyone else: decision
 * 144); the others, and those of a company not given, are the building's, shared.
 */
export async function seedBuildingSuites(
  tx: Db,
  building: { id: number; locale: string | null },
  companies: { own: number | null; neighbour: number | null },
): Promise<void> {
  const unit = building.locale === 'en-US' || building.locale === null ? 'F' : 'C';
  const floor = async (navName: string, position: number) =>
    (
      await tx.query<{ id: number }>('INSERT INTO smart_floors (building_id, nav_name, position) VALUES ($1, $2, $3) RETURNING id', [
        building.id,
        navName,
        position,
      ])
    )[0]!.id;
  const suite = (
    floorId: number,
    s: { name: string; position: number; tempF: number; equipment: string; lighting: number | null; available?: boolean; company?: number | null },
  ) =>
    tx.query(
      `INSERT INTO smart_suites (floor_id, nav_name, position, temp_f, temp_unit, temp_equipment_name, lighting, equipment_available, company_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [floorId, s.name, s.position, s.tempF, unit, s.equipment, s.lighting, s.available ?? true, s.company ?? null],
    );
  const twelve = await floor('Floor 12', 1);
  await suite(twelve, { name: 'Suite 1200', position: 1, tempF: 71, equipment: 'Zone 12-A thermostat', lighting: 60, company: companies.own });
  await suite(twelve, { name: 'Suite 1210', position: 2, tempF: 70, equipment: 'Zone 12-B thermostat', lighting: null });
  await suite(twelve, { name: 'Suite 1250', position: 3, tempF: 72, equipment: 'Zone 12-C thermostat', lighting: 40, available: false });
  const fourteen = await floor('Floor 14', 2);
  await suite(fourteen, { name: 'Suite 1400', position: 1, tempF: 69, equipment: 'Zone 14-A thermostat', lighting: 80 });
  await suite(fourteen, {
    name: 'Suite 1450',
    position: 2,
    tempF: 72,
    equipment: 'Zone 14-B thermostat',
    lighting: 70,
    company: companies.neighbour,
  });
  await floor('Floor 15', 3);
}

/**
 * The smart-suite screens in the demo (decision 102): the show-smart-building flag on for every demo building through
 * building overrides (its default stays off), and a "Smart building" utility button on each building's home that
 * leads to the floors. Seeded once: an operator's later change to the flag (any logged change) is left alone.
 */
async function seedSmartBuildingEntry(db: Db): Promise<void> {
  const [flagTouched] = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM flag_building_overrides WHERE flag = 'show-smart-building')
          + (SELECT count(*) FROM flag_changes WHERE flag = 'show-smart-building') AS n`,
  );
  const [button] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM utility_buttons WHERE utility_name = 'SMART_BUILDING'`);
  const buildings = await db.query<{ id: number; languages: string[] }>(
    `SELECT b.id, COALESCE((SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id), '{en}') AS languages
       FROM buildings b ORDER BY b.id`,
  );
  const add = { flag: Number(flagTouched?.n) === 0, button: !(Number(button?.n) > 0) };
  await db.transaction(async (tx) => {
    for (const building of buildings) await seedSmartBuildingEntryOf(tx, building, add);
  });
}

const SMART_BUILDING_LABEL: Record<string, string> = { en: 'Smart building', es: 'Edificio inteligente', fr: 'Bâtiment intelligent' };

/**
 * One building's way to its smart suites: the show-smart-building override on (`add.flag`) and the "Smart building"
 * utility button in each of its languages (`add.button`). Inside the caller's transaction.
 */
export async function seedSmartBuildingEntryOf(
  tx: Db,
  building: { id: number; languages: string[] },
  add: { flag: boolean; button: boolean },
): Promise<void> {
  if (add.flag)
    await tx.query(`INSERT INTO flag_building_overrides (flag, building_id, value) VALUES ('show-smart-building', $1, true) ON CONFLICT DO NOTHING`, [
      building.id,
    ]);
  if (!add.button) return;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO utility_buttons (building_id, type, utility_name, name, text, url, route, web_image, "order", company_types, sign_in_required, mobile_only, excluded)
     VALUES ($1, 'NATIVE', 'SMART_BUILDING', 'smart-building', 'Smart building', NULL, 'smart-building', '/media/content/utility-lutron.svg', 100, NULL, false, false, false)
     RETURNING id`,
    [building.id],
  );
  for (const language of building.languages)
    await tx.query('INSERT INTO utility_button_translations (button_id, language, text) VALUES ($1, $2, $3)', [
      row!.id,
      language,
      SMART_BUILDING_LABEL[language.split('-')[0]!] ?? SMART_BUILDING_LABEL.en!,
    ]);
}

/** The demo tenants whose service requests are seeded, in every building they belong to. */
const SERVICE_REQUEST_DEMO_USERS = ['demo@northwind.example', 'admin@globex.example'];

/**
 * Service requests (decision 057): for each demo tenant in each of their buildings, one request in each of several
 * statuses, a day apart (newest first: Submitted, Pending, Accepted, Denied_Unavailable, Canceled).
 */
async function seedServiceRequests(db: Db): Promise<void> {
  const [existing] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM service_requests');
  if (existing && existing.count > 0) return;
  const memberships = await db.query<{ user_id: number; building_id: number }>(
    `SELECT ub.user_id, ub.building_id FROM user_buildings ub JOIN users u ON u.id = ub.user_id
      WHERE u.email = ANY($1::text[]) ORDER BY ub.user_id, ub.building_id`,
    [SERVICE_REQUEST_DEMO_USERS],
  );
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const membership of memberships) await seedServiceRequestsOf(tx, membership, now);
  });
}

/**
 * A person's service requests in one of their buildings, one in each of several statuses, a day apart, the newest an
 * hour before `now` (milliseconds). Inside the caller's transaction.
 */
export async function seedServiceRequestsOf(tx: Db, membership: { user_id: number; building_id: number }, now: number): Promise<void> {
  const requests = [
    {
      status: 'Submitted',
      daysAgo: 0,
      category: 'HVAC',
      location: 'Floor 12, meeting room 12B',
      priority: 'High',
      description: 'The meeting room is too warm in the afternoon.',
      preferredIn: 2,
    },
    {
      status: 'Pending',
      daysAgo: 1,
      category: 'Cleaning',
      location: 'Floor 12, kitchen',
      priority: 'Normal',
      description: 'Coffee spilled on the carpet near the sink.',
    },
    {
      status: 'Accepted',
      daysAgo: 3,
      category: 'Electrical',
      location: 'Floor 14, desk 14-031',
      priority: 'Normal',
      description: 'The floor socket under the desk has no power.',
      preferredIn: 1,
    },
    {
      status: 'Denied_Unavailable',
      daysAgo: 6,
      category: 'Plumbing',
      location: 'Floor 12, restroom',
      priority: 'Low',
      description: 'The tap drips slowly.',
    },
    {
      status: 'Canceled',
      daysAgo: 9,
      category: 'Security',
      location: 'Lobby',
      priority: 'Urgent',
      description: 'A badge for a visitor who no longer comes.',
    },
  ];
  const day = 24 * 60 * 60 * 1000;
  const hour = 60 * 60 * 1000;
  for (const r of requests) {
    const at = new Date(now - r.daysAgo * day - hour);
    const answers: Record<string, string> = { category: r.category, location: r.location, priority: r.priority, description: r.description };
    if (r.preferredIn) answers.preferred_date = new Date(now + r.preferredIn * day).toISOString().slice(0, 10);
    // The timeline that led to the status (issue 26): filed, then the building team's or the tenant's changes.
    const changes = [{ status: 'Submitted', after: 0, by: 'requester', name: null, note: null }, ...(SEEDED_CHANGES[r.status] ?? [])];
    const last = new Date(at.getTime() + changes.at(-1)!.after);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO service_requests (building_id, user_id, answers, status, created_at, updated_at) VALUES ($1, $2, $3::jsonb, $4, $5, $6) RETURNING id`,
      [membership.building_id, membership.user_id, JSON.stringify(answers), r.status, at, last],
    );
    for (const change of changes)
      await tx.query(
        `INSERT INTO service_request_status_history (request_id, status, changed_at, changed_by, by_name, note) VALUES ($1, $2, $3, $4, $5, $6)`,
        [row!.id, change.status, new Date(at.getTime() + change.after), change.by, change.name, change.note],
      );
  }
}

type SeededChange = { status: string; after: number; by: 'requester' | 'building_team'; name: string | null; note: string | null };
const HOUR = 60 * 60 * 1000;
/** The changes after the filing that lead to each seeded status, `after` milliseconds after it. */
const SEEDED_CHANGES: Record<string, SeededChange[]> = {
  Pending: [{ status: 'Pending', after: 3 * HOUR, by: 'building_team', name: null, note: 'Passed on to the cleaning contractor.' }],
  Accepted: [
    { status: 'Pending', after: 2 * HOUR, by: 'building_team', name: null, note: null },
    {
      status: 'Accepted',
      after: 26 * HOUR,
      by: 'building_team',
      name: 'Northline Electrical',
      note: 'A technician comes on the preferred day, in the morning.',
    },
  ],
  Denied_Unavailable: [
    {
      status: 'Denied_Unavailable',
      after: 4 * HOUR,
      by: 'building_team',
      name: null,
      note: 'No plumber is free this month; please file it again in spring.',
    },
  ],
  Canceled: [{ status: 'Canceled', after: HOUR, by: 'requester', name: null, note: null }],
};

/**
 * The history's events (decision 131): each demo person attended the ended events of each of their buildings, so the
 * history's past events are filled. Ended events only: an RSVP to a coming one would change what its screen offers.
 * Once (a database where one of them attended an ended event already has them).
 */
async function seedPastRsvps(db: Db, now: Date): Promise<void> {
  const ended = sqlEnded;
  const [existing] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM rsvps r JOIN users u ON u.id = r.user_id JOIN event_details e ON e.content_id = r.content_id
      WHERE u.email = ANY($1) AND ${ended}`,
    [BOOKING_PEOPLE, now.toISOString()],
  );
  if (existing && existing.count > 0) return;
  await seedPastRsvpsOf(db, BOOKING_PEOPLE, now);
}

/** The people of these addresses attended every ended event of each of their buildings. */
export async function seedPastRsvpsOf(db: Db, emails: string[], now: Date): Promise<void> {
  const ended = sqlEnded;
  await db.query(
    `INSERT INTO rsvps (content_id, user_id, created_at)
     SELECT c.id, u.id, e.start_at - interval '7 days' FROM users u JOIN user_buildings ub ON ub.user_id = u.id
       JOIN contents c ON c.building_id = ub.building_id AND c.type = 'event_post' JOIN event_details e ON e.content_id = c.id
      WHERE u.email = ANY($1) AND ${ended}
     ON CONFLICT (content_id, user_id) DO NOTHING`,
    [emails, now.toISOString()],
  );
}
const sqlEnded = 'e.end_at < $2::timestamptz';

/**
 * Payment cards (decision 122): the demo tenant has one stored Visa card, known only by its token, brand, last four
 * and expiry (three years ahead), as the vault keeps every card.
 */
async function seedPaymentCards(db: Db, now: Date): Promise<void> {
  const [existing] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM payment_cards');
  if (existing && existing.count > 0) return;
  await db.query(
    `INSERT INTO payment_cards (user_id, payment_token, card_brand, card_last_four, exp_month, exp_year, first_name, last_name, country, is_default)
     SELECT id, 'tok_demo_' || md5(email), 'visa', '1881', 8, $1, first_name, last_name, 'US', true FROM users WHERE email = 'demo@northwind.example'`,
    [now.getUTCFullYear() + 3],
  );
}
