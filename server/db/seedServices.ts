import type { Db } from './index.js';
import { seedEmergencyManagement } from './seedEmergency.js';
import { WEEKDAYS, type OpeningWindow, type Question } from '../lib/bookingRules.js';
import { addDays, instantOf, localDateOf, weekdayOf } from '../lib/zonedTime.js';

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

/** A demo resource: what a person sees of it, its terms and its booking rules (migrations 010 and 038). */
type DemoResource = {
  name: string;
  kind: 'room' | 'desk' | 'amenity';
  image: string;
  approval: boolean;
  /** The cancellation window in minutes, and its description. */
  window: number;
  cancellation: string;
  /** Per hour. */
  price: number;
  /** The local part of the resource's own manager address (else the building's manager is mailed). */
  manager?: string;
  about: string;
  capacity: number;
  equipment: string[];
  floor: string;
  zone: string | null;
  hours: OpeningWindow[];
  slot: number | null;
  min: number;
  max: number;
  buffer: number;
  horizon: number;
  questions: Question[];
  /** The key of the building's amenity this resource is (seedContent's amenityCategories). */
  amenity?: string;
};

const weekdays = (open: string, close: string): OpeningWindow[] =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => ({ day, open, close }));
const everyDay = (open: string, close: string): OpeningWindow[] => WEEKDAYS.map((day) => ({ day, open, close }));
const deskTerms = { window: 15, cancellation: 'You can cancel up to 15 minutes before your booking starts.' };
const deskOf = (name: string, floor: string, zone: string, slot: number | null, about: string, equipment: string[]): DemoResource => ({
  name,
  kind: 'desk',
  image: 'amenity-phone-booths.svg',
  approval: false,
  ...deskTerms,
  price: 0,
  about,
  capacity: 1,
  equipment,
  floor,
  zone,
  hours: weekdays('07:00', '20:00'),
  slot,
  min: 60,
  max: 600,
  buffer: 0,
  horizon: 14,
  questions: [],
});

/**
 * The bookable resources of every demo building (issue 26): meeting rooms on two floors (one needs approval, one is
 * booked at once, the boardroom needs approval and has a week's window), desks on two floors and zones (free start
 * times in the quiet zone, an hourly grid in the open zone) and the rooftop terrace, the building's amenity, bookable
 * with approval every day. The first four of decision 054 keep their names and terms.
 */
export const DEMO_RESOURCES: DemoResource[] = [
  {
    name: 'Conference Room A',
    kind: 'room',
    image: 'amenity-conference.svg',
    approval: true,
    window: 60,
    cancellation: 'You can cancel up to 1 hour before your booking starts.',
    price: 0,
    about: 'A meeting room for eight by the north windows, with a screen for presentations and video calls.',
    capacity: 8,
    equipment: ['Display', 'Video conferencing', 'Whiteboard'],
    floor: '12',
    zone: 'North',
    hours: weekdays('08:00', '19:00'),
    slot: 30,
    min: 30,
    max: 240,
    buffer: 15,
    horizon: 60,
    questions: [
      { id: 'projector', label: 'Will you need the projector?', type: 'yes_no', required: true },
      { id: 'attendees', label: 'How many people will attend?', type: 'number', required: true, min: 1, max: 8 },
    ],
  },
  {
    name: 'Huddle Room 12B',
    kind: 'room',
    image: 'amenity-phone-booths.svg',
    approval: false,
    ...deskTerms,
    price: 0,
    about: 'A small room for quick meetings of up to four, booked at once.',
    capacity: 4,
    equipment: ['Display'],
    floor: '12',
    zone: 'South',
    hours: weekdays('08:00', '19:00'),
    slot: 30,
    min: 30,
    max: 120,
    buffer: 0,
    horizon: 30,
    questions: [],
  },
  {
    name: 'Executive Boardroom',
    kind: 'room',
    image: 'amenity-conference.svg',
    approval: true,
    window: 7 * 24 * 60,
    cancellation: 'Bookings can be cancelled up to 7 days before they start.',
    price: 0,
    about: 'The boardroom on the top office floor, for sixteen, with catering on request.',
    capacity: 16,
    equipment: ['Display', 'Video conferencing', 'Catering on request'],
    floor: '15',
    zone: null,
    hours: weekdays('08:00', '20:00'),
    slot: 30,
    min: 60,
    max: 480,
    buffer: 30,
    horizon: 90,
    questions: [
      { id: 'video', label: 'Do you need video conferencing?', type: 'yes_no', required: true },
      { id: 'catering', label: 'Anything to eat or drink?', type: 'text', required: false, max_length: 300 },
    ],
  },
  deskOf('Focus Desk 7', '12', 'Quiet zone', null, 'A desk in the quiet zone with a monitor and a docking station. Come and go when you like.', [
    'Monitor',
    'Docking station',
  ]),
  deskOf('Focus Desk 8', '12', 'Quiet zone', null, 'A desk in the quiet zone with a monitor and a docking station. Come and go when you like.', [
    'Monitor',
    'Docking station',
  ]),
  deskOf('Hot Desk 14-01', '14', 'Open zone', 60, 'A desk in the open zone by the café, booked by the hour.', ['Monitor']),
  deskOf('Hot Desk 14-02', '14', 'Open zone', 60, 'A desk in the open zone by the café, booked by the hour.', ['Monitor']),
  {
    name: 'Rooftop Terrace',
    kind: 'amenity',
    image: 'amenity-rooftop.svg',
    approval: true,
    window: 24 * 60,
    cancellation: 'Cancellations are accepted until 24 hours before the booking; later ones are charged in full.',
    price: 50,
    manager: 'events',
    about: 'The roof garden, with seating for forty and a view over the city, for receptions and team events.',
    capacity: 40,
    equipment: ['Outdoor seating', 'Sound system', 'Heaters'],
    floor: 'Roof',
    zone: null,
    hours: everyDay('10:00', '22:00'),
    slot: 60,
    min: 60,
    max: 240,
    buffer: 30,
    horizon: 90,
    questions: [
      { id: 'food', label: 'Will you serve food or drinks?', type: 'yes_no', required: true },
      { id: 'occasion', label: 'What is the occasion?', type: 'text', required: false, max_length: 200 },
      { id: 'guests', label: 'How many guests?', type: 'number', required: true, min: 1, max: 40 },
    ],
    amenity: 'rooftop',
  },
];

type SavedResource = { id: number; window: number; description: string; buffer: number };

/**
 * A demo resource of a building with its rules: the one of that name given them (a database seeded before issue 26),
 * else a new one. Linked to the building's amenity it is. Inside the caller's transaction.
 */
async function saveResource(tx: Db, building: { id: number; slug: string; currency: string }, r: DemoResource): Promise<SavedResource> {
  const rules = [
    building.id,
    r.name,
    r.kind,
    r.about,
    r.capacity,
    r.equipment,
    r.floor,
    r.zone,
    JSON.stringify(r.hours),
    r.slot,
    r.min,
    r.max,
    r.buffer,
    r.horizon,
    JSON.stringify(r.questions),
    r.amenity ? `/media/content/amenity-${r.amenity}.svg` : null,
  ];
  const amenity = `(SELECT a.id FROM amenities a JOIN amenity_categories cat ON cat.id = a.category_id
                     WHERE cat.building_id = $1 AND a.image_url = $16::text ORDER BY a.id LIMIT 1)`;
  const [updated] = await tx.query<{ id: number }>(
    `UPDATE resources SET kind = $3, description = $4, capacity = $5, equipment = $6, floor = $7, zone = $8, opening_hours = $9::jsonb,
            slot_minutes = $10, min_minutes = $11, max_minutes = $12, buffer_minutes = $13, horizon_days = $14, questions = $15::jsonb,
            amenity_id = ${amenity}
      WHERE building_id = $1 AND name = $2 RETURNING id`,
    rules,
  );
  const id =
    updated?.id ??
    (
      await tx.query<{ id: number }>(
        `INSERT INTO resources (building_id, name, kind, description, capacity, equipment, floor, zone, opening_hours, slot_minutes, min_minutes,
                                max_minutes, buffer_minutes, horizon_days, questions, amenity_id, image_url, manager_email, requires_approval,
                                cancellation_window_end_minutes, cancellation_description, price, currency_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15::jsonb, ${amenity}, $17, $18, $19, $20, $21, $22, $23)
         RETURNING id`,
        [
          ...rules,
          `/media/content/${r.image}`,
          r.manager ? `${r.manager}.${building.slug}@atrium.localhost` : null,
          r.approval,
          r.window,
          r.cancellation,
          r.price,
          building.currency,
        ],
      )
    )[0]!.id;
  return { id, window: r.window, description: r.cancellation, buffer: r.buffer };
}

/**
 * Resource bookings (decisions 054 and NEXT-booking-resources-and-availability): in every building a manager address
 * and the demo resources; for each demo person in each of their buildings twelve bookings, every status of the first
 * vocabulary at least once (so every receipt status too): future ones still cancellable, a future one past its window,
 * past ones; with form responses. A few bookings of other people on the huddle room and a hot desk, so that the
 * availability of the coming days shows taken slots. A database whose resources predate issue 26 has them given their
 * rules and the new resources added (its bookings stay as they were).
 */
async function seedBookings(db: Db, now: Date): Promise<void> {
  const [existing] = await db.query<{ count: number; configured: number }>(
    'SELECT count(*)::int AS count, count(*) FILTER (WHERE floor IS NOT NULL)::int AS configured FROM resources',
  );
  if (existing && existing.count > 0 && existing.configured > 0) return;
  const upgrade = !!existing && existing.count > 0;
  const buildings = await db.query<{ id: number; name: string; locale: string | null; timezone: string }>(
    'SELECT id, name, locale, timezone FROM buildings ORDER BY id',
  );
  const people = await db.query<{ id: number; building_id: number }>(
    `SELECT u.id, ub.building_id FROM users u JOIN user_buildings ub ON ub.user_id = u.id WHERE u.email = ANY($1) ORDER BY u.id, ub.building_id`,
    [BOOKING_PEOPLE],
  );
  await db.transaction(async (tx) => {
    for (const building of buildings) {
      if (upgrade) {
        const terms = { id: building.id, slug: slugOf(building.name), currency: currencyOf(building.locale) };
        for (const r of DEMO_RESOURCES) await saveResource(tx, terms, r);
      } else {
        await seedBuildingBookings(
          tx,
          building,
          people.filter((p) => p.building_id === building.id),
          now,
        );
      }
      await seedTakenSlots(tx, building, now);
    }
  });
}

/**
 * One building's manager address and demo resources, and the twelve bookings of each of `people` (the seed's demo
 * people of the building, a development tenant's people with their history, or none), at local times of the
 * building. Each person's are a day further from today than the one's before (later when ahead, earlier when past),
 * so no two people's bookings overlap on a resource. Inside the caller's transaction.
 */
export async function seedBuildingBookings(
  tx: Db,
  building: { id: number; name: string; locale: string | null },
  people: { id: number }[],
  now: Date,
): Promise<void> {
  const slug = slugOf(building.name);
  const currency = currencyOf(building.locale);
  const [found] = await tx.query<{ timezone: string }>('SELECT timezone FROM buildings WHERE id = $1', [building.id]);
  const timezone = found?.timezone ?? 'UTC';
  await tx.query('UPDATE buildings SET manager_email = $2 WHERE id = $1 AND manager_email IS NULL', [
    building.id,
    `manager.${slug}@atrium.localhost`,
  ]);
  const saved = new Map<string, SavedResource>();
  for (const r of DEMO_RESOURCES) saved.set(r.name, await saveResource(tx, { id: building.id, slug, currency }, r));
  const room = saved.get('Conference Room A')!;
  const desk = saved.get('Focus Desk 7')!;
  const rooftop = saved.get('Rooftop Terrace')!;
  const boardroom = saved.get('Executive Boardroom')!;
  const yesNo = (question: string, answer: 'Yes' | 'No') => ({ question, answer, type: 'Yes/No' });
  const text = (question: string, answer: string) => ({ question, answer, type: 'text' });
  const plan: { resource: SavedResource; price: number; status: string; days: number; hour: number; hours: number; form: object[] }[] = [
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
      hour: 12,
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
    { resource: desk, price: 0, status: 'confirmed', days: -2, hour: 9, hours: 8, form: [] },
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
  const today = localDateOf(timezone, now.getTime());
  for (const [index, person] of people.entries()) {
    for (const b of plan) {
      const day = addDays(today, b.days >= 0 ? b.days + index : b.days - index);
      const start = new Date(instantOf(timezone, day, b.hour * 60));
      const end = new Date(start.getTime() + b.hours * 3_600_000);
      await tx.query(
        `INSERT INTO resource_bookings (resource_id, user_id, status, start_at, end_at, blocked_until, form_responses,
                                        cancellation_window_end_minutes, cancellation_description, total_price, currency_type, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12)`,
        [
          b.resource.id,
          person.id,
          b.status,
          start.toISOString(),
          end.toISOString(),
          new Date(end.getTime() + b.resource.buffer * 60_000).toISOString(),
          JSON.stringify(b.form),
          b.resource.window,
          b.resource.description,
          b.price,
          currency,
          dayAt(now, Math.min(b.days, 0) - 10, 12),
        ],
      );
    }
  }
}

/**
 * Bookings of someone else in the building (its first member who is not a demo person; none in a building without
 * one) on the next two weekdays: the huddle room twice a day and a hot desk for the day, confirmed.
 */
async function seedTakenSlots(tx: Db, building: { id: number; timezone: string }, now: Date): Promise<void> {
  const [other] = await tx.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN user_buildings ub ON ub.user_id = u.id WHERE ub.building_id = $1 AND u.email <> ALL($2) ORDER BY u.id LIMIT 1`,
    [building.id, BOOKING_PEOPLE],
  );
  if (!other) return;
  const resources = await tx.query<{ id: number; name: string; cancellation_window_end_minutes: number; cancellation_description: string | null }>(
    `SELECT id, name, cancellation_window_end_minutes, cancellation_description FROM resources WHERE building_id = $1 AND name = ANY($2)`,
    [building.id, ['Huddle Room 12B', 'Hot Desk 14-01']],
  );
  const byName = new Map(resources.map((r) => [r.name, r]));
  const days: string[] = [];
  for (let day = addDays(localDateOf(building.timezone, now.getTime()), 1); days.length < 2; day = addDays(day, 1))
    if (weekdayOf(day) !== 0 && weekdayOf(day) !== 6) days.push(day);
  const taken = days.flatMap((day) => [
    { resource: 'Huddle Room 12B', day, from: 10 * 60, minutes: 60 },
    { resource: 'Huddle Room 12B', day, from: 14 * 60, minutes: 90 },
    { resource: 'Hot Desk 14-01', day, from: 9 * 60, minutes: 8 * 60 },
  ]);
  for (const t of taken) {
    const r = byName.get(t.resource);
    if (!r) continue;
    const start = new Date(instantOf(building.timezone, t.day, t.from));
    const end = new Date(start.getTime() + t.minutes * 60_000);
    await tx.query(
      `INSERT INTO resource_bookings (resource_id, user_id, status, start_at, end_at, blocked_until, cancellation_window_end_minutes,
                                      cancellation_description)
       VALUES ($1, $2, 'confirmed', $3, $4, $4, $5, $6)`,
      [r.id, other.id, start.toISOString(), end.toISOString(), r.cancellation_window_end_minutes, r.cancellation_description],
    );
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
