import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { pickLanguage, parseAcceptLanguage } from '../../server/lib/content.js';
import { expectError } from './helpers.js';

let server: TestServer;
const building: Record<string, string> = {};
let demoToken: string;
let demoUser: { id: number; uuid: string };
let adminToken: string;
let oliviaToken: string;
let plaza: string;

beforeAll(async () => {
  server = await startTestServer();
  for (const row of await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text FROM buildings')) building[row.name] = row.uuid;
  plaza = building['One Atrium Plaza']!;
  ({ token: demoToken, user: demoUser } = await server.login(DEMO_LOGIN.email, DEMO_PASSWORD));
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
  oliviaToken = (await server.login('olivia@umbrella.example', DEMO_PASSWORD)).token;
});
afterAll(() => server.close());

const get = async (path: string, token = demoToken, headers: Record<string, string> = {}) => {
  const res = await server.call('GET', path, { token, headers });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const uuidOf = async (title: string, buildingUuid = plaza) => {
  const [row] = await server.db.query<{ uuid: string }>(
    `SELECT c.uuid::text FROM contents c JOIN content_translations t ON t.content_id = c.id
      WHERE t.title = $1 AND t.language LIKE 'en%' AND c.building_id = (SELECT id FROM buildings WHERE uuid = $2)`,
    [title, buildingUuid],
  );
  return row!.uuid;
};
type Tile = {
  uuid: string;
  type: string;
  title: string;
  start_at?: string | null;
  navigation_command: { type: string; value: string; options: Record<string, string> };
};
type Category = { uuid: string; name: string; contents: Tile[] };

describe('v1 home content', () => {
  it('spotlight and discover answer categories with content tiles', async () => {
    const spotlight: Category[] = await get(`/tenant/v1/buildings/${plaza}/categories/contents-spotlight`);
    expect(spotlight.map((c) => c.name)).toEqual(['Happening this week', 'Perks and offers']);
    const week = spotlight[0]!;
    expect(week.contents.map((c) => c.title)).toContain('Chef’s table lunch');
    const tile = week.contents[0]!;
    expect(tile).toMatchObject({
      type: 'EVENT_POST',
      image_url: expect.stringMatching(/^\/media\/content\/.+\.svg$/),
      display_calendar_icon: true,
      start_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      navigation_command: { type: 'NATIVE', value: 'CONTENT', options: { uuid: tile.uuid, building_uuid: plaza } },
    });
    const discover: Category[] = await get(`/tenant/v1/buildings/${plaza}/categories/contents`);
    expect(discover.map((c) => c.name)).toEqual(['Building news', 'Services', 'Past events']);
    const news = discover[0]!.contents;
    // Not shown before its display window opens.
    expect(news.map((c) => c.title)).not.toContain('Holiday party');
    const article = news.find((c) => c.type === 'ARTICLE')!;
    expect(article.navigation_command).toMatchObject({ type: 'WEBVIEW', options: { url: 'https://example.com/sustainability-report' } });
  });

  it('the display window opens with time', async () => {
    server.clock.advance(31 * 86_400);
    try {
      const { token } = await server.app.deps.tokens.startSession(demoUser);
      const discover: Category[] = await get(`/tenant/v1/buildings/${plaza}/categories/contents`, token);
      expect(discover[0]!.contents.map((c) => c.title)).toContain('Holiday party');
    } finally {
      server.clock.advance(-31 * 86_400);
    }
  });

  it('asked by name descending (the specification’s call), events still come by start time, soonest first (decision 070)', async () => {
    const q = '?orderByProperty=name&orderBy=DESC&offset=0';
    const [week, perks]: Category[] = await get(`/tenant/v1/buildings/${plaza}/categories/contents-spotlight${q}`);
    const starts = week!.contents.map((c) => Date.parse(c.start_at!));
    expect(starts.every((s) => Number.isFinite(s))).toBe(true);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(week!.contents.map((c) => c.title).slice(0, 3)).toEqual(['Morning yoga on the terrace', 'Chef’s table lunch', 'Wine tasting evening']);
    // Offers and posts: the asked order.
    const offers = perks!.contents.map((c) => c.title);
    expect(offers).toEqual([...offers].sort((a, b) => b.localeCompare(a, 'en')));
    const [news]: Category[] = await get(`/tenant/v1/buildings/${plaza}/categories/contents${q}`);
    const posts = news!.contents.map((c) => c.title);
    expect(posts).toEqual([...posts].sort((a, b) => b.localeCompare(a, 'en')));
    // Pages apply after the order.
    const [paged]: Category[] = await get(`/tenant/v1/buildings/${plaza}/categories/contents-spotlight${q.replace('offset=0', 'offset=1')}&limit=2`);
    expect(paged!.contents.map((c) => c.title)).toEqual(week!.contents.slice(1, 3).map((c) => c.title));
    // The v2 category call orders alike.
    const v2: Tile[] = await get(`/tenant/v2/buildings/${plaza}/categories/${week!.uuid}/content${q}`);
    expect(v2.map((c) => c.uuid)).toEqual(week!.contents.map((c) => c.uuid));
  });

  it('an ended event goes after the undated contents and the events to come; asked by start_at, the asked order alone', async () => {
    const mixed = await get(`/tenant/v1/buildings/${plaza}/categories/contents-spotlight?orderByProperty=name&orderBy=DESC`);
    const weekUuid = mixed[0].uuid as string;
    // Half an hour after the yoga (one hour long) ends, only it has ended: the next event starts a day later. The
    // clock moves to that moment rather than a fixed span, which would also end later events at some times of day.
    const yoga = (mixed[0].contents as Tile[]).find((c) => c.title === 'Morning yoga on the terrace')!;
    const seconds = (Date.parse(yoga.start_at!) + 90 * 60_000 - server.clock.now().getTime()) / 1000;
    server.clock.advance(seconds);
    try {
      const { token } = await server.app.deps.tokens.startSession(demoUser);
      const week: Tile[] = await get(`/tenant/v2/buildings/${plaza}/categories/${weekUuid}/content?orderByProperty=name&orderBy=DESC`, token);
      expect(week.at(-1)!.title).toBe('Morning yoga on the terrace');
      const upcoming = week.slice(0, -1).map((c) => Date.parse(c.start_at!));
      expect(upcoming).toEqual([...upcoming].sort((a, b) => a - b));
      const byStart: Tile[] = await get(`/tenant/v2/buildings/${plaza}/categories/${weekUuid}/content?orderByProperty=start_at&orderBy=DESC`, token);
      const starts = byStart.map((c) => Date.parse(c.start_at!));
      expect(starts).toEqual([...starts].sort((a, b) => b - a));
    } finally {
      server.clock.advance(-seconds);
    }
  });

  it('promoted contents as one category', async () => {
    const promoted: Category[] = await get(`/tenant/v1/buildings/${plaza}/contents-promoted`);
    expect(promoted).toHaveLength(1);
    expect(promoted[0]!.contents.map((c) => c.title)).toEqual(['The lobby renovation is complete']);
  });
});

describe('language', () => {
  it('answers in the lang parameter, then Accept-Language, else the building’s first language', async () => {
    const spotlight = `/tenant/v1/buildings/${plaza}/categories/contents-spotlight`;
    expect((await get(`${spotlight}?lang=es-ES`))[0].name).toBe('Esta semana');
    expect((await get(`${spotlight}?lang=es`))[0].name).toBe('Esta semana');
    expect((await get(spotlight, demoToken, { 'accept-language': 'de-DE,es;q=0.8,en;q=0.5' }))[0].name).toBe('Esta semana');
    expect((await get(`${spotlight}?lang=en`, demoToken, { 'accept-language': 'es' }))[0].name).toBe('Happening this week');
    expect((await get(`${spotlight}?lang=pl-PL`))[0].name).toBe('Happening this week');
    // Maison du Port's first language is French.
    const maison: Category[] = await get(`/tenant/v1/buildings/${building['Maison du Port']}/categories/contents-spotlight?lang=de`, oliviaToken);
    expect(maison[0]!.name).toBe('Cette semaine');
    const amenities = await get(`/tenant/v1/buildings/${plaza}/amenitiesByCategory?offset=0&lang=es-ES`);
    expect(amenities[0]).toMatchObject({
      category_name: 'Bienestar',
      amenities: [{ amenity_name: 'Gimnasio', category: { category_name: 'Bienestar' } }, {}, {}],
    });
    const event = await get(`/tenant/v1/event-posts/${await uuidOf('Wine tasting evening')}?lang=es-ES`);
    expect(event).toMatchObject({ title: 'Cata de vinos', language: 'es-ES' });
  });

  it('picks languages by exact tag, then primary subtag', () => {
    expect(pickLanguage(['fr-CA', 'en'], ['en-US'])).toBe('en');
    expect(pickLanguage(['fr-CA', 'en'], ['FR_fr'])).toBe('fr-CA');
    expect(pickLanguage(['fr-CA', 'en'], [undefined, 'nl'])).toBe('fr-CA');
    expect(pickLanguage([], ['nl'])).toBe('en');
    expect(parseAcceptLanguage('en;q=0.2, es-ES, *;q=0.1, fr;q=0')).toEqual(['es-ES', 'en']);
  });
});

describe('v2 content', () => {
  it('categories by type, category content, promoted content, content by uuid and tags', async () => {
    const all = await get(`/tenant/v1/buildings/${plaza}/categories?active=true&limit=100`);
    expect(all).toHaveLength(5);
    const audience = await get(`/tenant/v1/buildings/${plaza}/categories?categoryType=AudienceContent&active=true&limit=100&lang=en`);
    expect(audience.map((c: { name: string }) => c.name)).toEqual(['Happening this week', 'Perks and offers', 'Building news', 'Past events']);
    const secondary = await get(`/tenant/v1/buildings/${plaza}/categories?categoryType=SecondaryContent`);
    expect(secondary).toEqual([{ uuid: expect.any(String), name: 'Services', category_type: 'SecondaryContent', group: 'discover', active: true }]);

    const perks = audience.find((c: { name: string }) => c.name === 'Perks and offers');
    const tiles: Tile[] = await get(
      `/tenant/v2/buildings/${plaza}/categories/${perks.uuid}/content?limit=100&lang=en&orderByProperty=name&orderBy=DESC&offset=0`,
    );
    expect(tiles.map((c) => c.title)).toEqual(['Globex team breakfast', 'Free gym day pass', '15% off at the lobby café']);
    // Each tile's tags as the sanitized tags spell them (the app filters the feed by them).
    const sanitized: string[] = await get(`/tenant/v2/buildings/${plaza}/sanitized-tags`);
    for (const tile of tiles as (Tile & { tags: string[] })[]) for (const tag of tile.tags) expect(sanitized).toContain(tag);
    const week = audience.find((c: { name: string }) => c.name === 'Happening this week');
    const weekTiles: (Tile & { tags: string[] })[] = await get(`/tenant/v2/buildings/${plaza}/categories/${week.uuid}/content?lang=en`);
    // Seeded as 'Wellness' and ' fitness '.
    expect(weekTiles.find((c) => c.title === 'Morning yoga on the terrace')!.tags).toEqual(['fitness', 'wellness']);
    expect(
      await get(`/tenant/v2/buildings/${plaza}/categories/${perks.uuid}/content?limit=1&offset=1&orderByProperty=name&orderBy=desc`),
    ).toHaveLength(1);

    const promoted = await get(`/tenant/v2/buildings/${plaza}/promoted-content`);
    expect(promoted).toEqual([expect.objectContaining({ type: 'POST', title: 'The lobby renovation is complete', attachable_service_uuid: null })]);

    const chef = await get(`/tenant/v2/buildings/${plaza}/content/${await uuidOf('Chef’s table lunch')}`);
    expect(chef).toMatchObject({
      type: 'EVENT_POST',
      capacity: 12,
      price: 12.5,
      currency_type: 'USD',
      rsvp_enabled: true,
      claimable: false,
      claims_details: { is_claimable: true, user_count: 0, count: 10 },
      cta_label: 'RSVP',
      cta_label_at_capacity: 'Sold out',
    });
    const gym = await get(`/tenant/v2/buildings/${plaza}/content/${await uuidOf('Free gym day pass')}`);
    expect(gym).toMatchObject({
      type: 'OFFER',
      claimable: true,
      max_claims_total: 2,
      max_claims_per_user: 1,
      claims_details: { is_claimable: false, count: 2 },
    });

    expect(await get(`/tenant/v2/buildings/${plaza}/sanitized-tags`)).toEqual([
      'building',
      'community',
      'fitness',
      'food',
      'music',
      'services',
      'social',
      'sustainability',
      'wellness',
    ]);
  });

  it('answers 404 for content of another building and an unknown category', async () => {
    const elsewhere = await uuidOf('Chef’s table lunch', building['Harbor Point']);
    expectError(await server.call('GET', `/tenant/v2/buildings/${plaza}/content/${elsewhere}`, { token: adminToken }), 404);
    expectError(
      await server.call('GET', `/tenant/v2/buildings/${plaza}/categories/00000000-0000-4000-8000-000000000000/content`, { token: demoToken }),
      404,
    );
  });
});

describe('event posts, offers and posts', () => {
  it('an event post with its attendants, the states of the seeded events', async () => {
    const full = await get(`/tenant/v1/event-posts/${await uuidOf('Lobby jazz concert')}`);
    expect(full).toMatchObject({ capacity: 3, is_attending: false, claims_details: { is_claimable: false, count: 3 } });
    expect(full.attendants).toHaveLength(3);
    const res = await server.call('PUT', `/tenant/v1/buildings/${plaza}/event-posts/${full.uuid}/attend`, { token: demoToken });
    expectError(res, 409, /full/);
    expect(res.body.code).toBe('rsvp_full');

    const past = await uuidOf('Spring networking breakfast');
    expect((await server.call('PUT', `/tenant/v1/buildings/${plaza}/event-posts/${past}/attend`, { token: demoToken })).body.code).toBe(
      'event_ended',
    );
    const external = await get(`/tenant/v1/event-posts/${await uuidOf('City charity run')}`);
    expect(external).toMatchObject({ cta_url: 'https://tickets.example.com/city-charity-run', rsvp_enabled: false });
    expect((await server.call('PUT', `/tenant/v1/buildings/${plaza}/event-posts/${external.uuid}/attend`, { token: demoToken })).body.code).toBe(
      'rsvp_external',
    );
    const virtual = await get(`/tenant/v1/event-posts/${await uuidOf('Virtual town hall')}`);
    expect(virtual).toMatchObject({ is_virtual: true, virtualUrl: 'https://meet.example.com/town-hall' });
    const wine = await get(`/tenant/v1/event-posts/${await uuidOf('Wine tasting evening')}`);
    expect(wine).toMatchObject({ price: 25, currency_type: 'USD', imageUrl: wine.image_url, startDate: wine.start_at, timezone: 'America/New_York' });

    const chef = await uuidOf('Chef’s table lunch');
    const attended = await server.call('PUT', `/tenant/v1/buildings/${plaza}/event-posts/${chef}/attend`, { token: demoToken });
    expect(attended.status).toBe(200);
    expect(attended.body.data).toMatchObject({ is_attending: true, claims_details: { user_count: 1, count: 11 } });
    const recalled = await server.call('PUT', `/tenant/v1/event-posts/${chef}/recall`, { token: demoToken });
    expect(recalled.body.data).toMatchObject({ is_attending: false, claims_details: { user_count: 0, count: 10 } });
  });

  it('offers: eligibility, the limit, claim and cancel', async () => {
    const globex = await uuidOf('Globex team breakfast');
    expect(await get(`/tenant/v1/offers/${globex}`)).toMatchObject({ is_eligible: false, claims_details: { is_claimable: false } });
    const refused = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${globex}/claim`, { token: demoToken });
    expectError(refused, 403);
    expect(refused.body.code).toBe('not_eligible');
    expect(await get(`/tenant/v1/offers/${globex}`, adminToken)).toMatchObject({ is_eligible: true, claims_details: { is_claimable: true } });

    const gym = await uuidOf('Free gym day pass');
    expect((await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${gym}/claim`, { token: demoToken })).body.code).toBe('claim_full');

    const cafe = await uuidOf('15% off at the lobby café');
    const claimed = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/claim`, { token: demoToken });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({
      title: '15% off at the lobby café',
      description_title: '15% off at the lobby café',
      max_claims_per_user: 1,
      max_claims_total: 100,
      claims_details: { user_count: 1, count: 1 },
    });
    expect((await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/claim`, { token: demoToken })).body.code).toBe('already_claimed');
    const cancelled = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/cancel`, { token: demoToken });
    expect(cancelled.body.data).toMatchObject({ claimers: [], claims_details: { user_count: 0, count: 0 } });
  });

  it('takes the content calls’ language and ordering on one content’s calls too: detail, claim and cancel (section 7)', async () => {
    const ordering = 'lang=es-ES&orderByProperty=name&orderBy=DESC&offset=0';
    const cafe = await uuidOf('15% off at the lobby café');
    const detail = await get(`/tenant/v2/buildings/${plaza}/content/${cafe}?${ordering}`);
    expect(detail.title).not.toBe('15% off at the lobby café');
    expect((await get(`/tenant/v1/offers/${cafe}?${ordering}`)).title).toBe(detail.title);
    const claimed = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/claim?${ordering}`, { token: demoToken });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data.title).toBe(detail.title);
    const cancelled = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/cancel?${ordering}`, { token: demoToken });
    expect(cancelled.status).toBe(200);
    for (const bad of ['orderBy=sideways', 'orderByProperty=password_hash', 'offset=-1'])
      expectError(await server.call('GET', `/tenant/v2/buildings/${plaza}/content/${cafe}?${bad}`, { token: demoToken }), 400);
  });

  it('refuses to withdraw an RSVP or give a claim back once the content has ended (409), and keeps both', async () => {
    const past = await uuidOf('Spring networking breakfast');
    await server.db.query(
      `INSERT INTO rsvps (content_id, user_id) SELECT c.id, u.id FROM contents c, users u WHERE c.uuid = $1 AND u.email = $2 ON CONFLICT DO NOTHING`,
      [past, DEMO_LOGIN.email],
    );
    const recall = await server.call('PUT', `/tenant/v1/event-posts/${past}/recall`, { token: demoToken });
    expectError(recall, 409, /ended/);
    expect(recall.body.code).toBe('event_ended');
    expect(await get(`/tenant/v1/event-posts/${past}`)).toMatchObject({ is_attending: true });

    const cafe = await uuidOf('15% off at the lobby café');
    await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/claim`, { token: demoToken });
    const [{ display_end_at: endsAt } = { display_end_at: null }] = await server.db.query<{ display_end_at: string | null }>(
      'SELECT display_end_at FROM contents WHERE uuid = $1',
      [cafe],
    );
    await server.db.query('UPDATE contents SET display_end_at = $2 WHERE uuid = $1', [cafe, new Date(server.clock.now().getTime() - 60_000)]);
    try {
      const giveBack = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/cancel`, { token: demoToken });
      expectError(giveBack, 409, /ended/);
      expect(giveBack.body.code).toBe('offer_ended');
      // The offer's answer says when it ended, so that the screen offers no give-back (the claim flow's `kept`).
      const offer = await server.call('GET', `/tenant/v1/offers/${cafe}`, { token: demoToken });
      expect(Date.parse(offer.body.data.display_end_at as string)).toBeLessThanOrEqual(server.clock.now().getTime());
      const [{ n } = { n: 0 }] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM claims WHERE content_id = (SELECT id FROM contents WHERE uuid = $1) AND user_id = $2',
        [cafe, demoUser.id],
      );
      expect(n).toBe(1);
    } finally {
      await server.db.query('UPDATE contents SET display_end_at = $2 WHERE uuid = $1', [cafe, endsAt]);
      // The offer as it was: shown, and not claimed.
      expect((await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/cancel`, { token: demoToken })).status).toBe(200);
    }
  });

  it('a claim carries a redeemable code and its time, which only the person who claimed can read (decision 070)', async () => {
    const cafe = await uuidOf('15% off at the lobby café');
    const claimed = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/claim`, { token: demoToken });
    expect(claimed.status).toBe(200);
    const mine = claimed.body.data.my_claim as { code: string; claimed_at: string };
    expect(mine.code).toMatch(/^[0-9A-F]{8}$/);
    expect(mine.claimed_at).toBe(server.clock.now().toISOString());
    // The same code on every later read, by the offer call and the v2 content call.
    expect((await get(`/tenant/v1/offers/${cafe}`)).my_claim).toEqual(mine);
    expect((await get(`/tenant/v2/buildings/${plaza}/content/${cafe}`)).my_claim).toEqual(mine);
    // Someone else in the building: no code of theirs, and mine nowhere in their answers.
    for (const path of [`/tenant/v1/offers/${cafe}`, `/tenant/v2/buildings/${plaza}/content/${cafe}`]) {
      const theirs = await server.call('GET', path, { token: adminToken });
      expect(theirs.status).toBe(200);
      expect(theirs.body.data.my_claim).toBeNull();
      expect(JSON.stringify(theirs.body)).not.toContain(mine.code);
    }
    // Their own claim gets another code.
    const other = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/claim`, { token: adminToken });
    expect(other.body.data.my_claim.code).not.toBe(mine.code);
    expect(JSON.stringify(other.body)).not.toContain(mine.code);
    // Not guessable from the ids: two claims of one offer differ, and a claim given back and made again gets a new code.
    await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/cancel`, { token: demoToken });
    expect((await get(`/tenant/v1/offers/${cafe}`)).my_claim).toBeNull();
    const again = await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/claim`, { token: demoToken });
    expect(again.body.data.my_claim.code).not.toBe(mine.code);
    await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/cancel`, { token: demoToken });
    await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/${cafe}/cancel`, { token: adminToken });
  });

  it('posts, one with a survey call-to-action', async () => {
    const survey = await get(`/tenant/v1/posts/${await uuidOf('Tell us about your commute')}`);
    expect(survey).toMatchObject({ cta_label: 'Take the survey', cta_url: expect.stringContaining('mfe-survey'), cta_type: 'MICRO_FRONTEND' });
    expectError(await server.call('GET', `/tenant/v1/posts/${await uuidOf('Wine tasting evening')}`, { token: demoToken }), 404);
  });
});

describe('utility buttons and amenities (the company directory: directory.test.ts)', () => {
  it('utility buttons in order under data.utility_buttons', async () => {
    const { utility_buttons: buttons } = await get(`/tenant/v1/buildings/${plaza}/utility-buttons`);
    expect(buttons.map((b: { order: number }) => b.order)).toEqual([...buttons.map((b: { order: number }) => b.order)].sort((a, b) => a - b));
    expect(buttons[0]).toMatchObject({ utility_name: 'AMENITIES', type: 'NATIVE', text: 'Amenities', excluded: false });
    expect(buttons.find((b: { utility_name: string }) => b.utility_name === 'MOBILE_ACCESS')).toMatchObject({ excluded: true, mobile_only: true });
    expect(buttons.find((b: { utility_name: string }) => b.utility_name === 'VISITOR_REGISTRATION_MINIAPP')).toMatchObject({
      sign_in_required: true,
    });
  });

  it('amenities grouped by category', async () => {
    const groups = await get(`/tenant/v1/buildings/${plaza}/amenitiesByCategory?offset=0`);
    expect(groups.map((g: { category_name: string }) => g.category_name)).toEqual(['Wellness', 'Food and drink', 'Workspace', 'Services']);
    expect(groups[0].amenities[0]).toEqual({
      amenity_uuid: expect.any(String),
      amenity_name: 'Fitness center',
      description: 'Open 6 am to 10 pm on level 2.',
      image_url: '/media/content/amenity-fitness.svg',
      image_alt_text: 'Fitness center',
      category: { category_uuid: groups[0].category_uuid, category_name: 'Wellness' },
      bookable_resource_uuid: null,
    });
    // The terrace is bookable (issue 26): its page's "Book" names its resource.
    const terrace = groups[1].amenities.find((a: { amenity_name: string }) => a.amenity_name === 'Rooftop terrace');
    const [resource] = await server.db.query<{ uuid: string }>(
      `SELECT r.uuid::text FROM resources r JOIN buildings b ON b.id = r.building_id WHERE b.uuid = $1 AND r.name = 'Rooftop Terrace'`,
      [plaza],
    );
    expect(terrace.bookable_resource_uuid).toBe(resource!.uuid);
    expect(await get(`/tenant/v1/buildings/${plaza}/amenitiesByCategory?offset=3`)).toHaveLength(1);
  });
});

describe('access and input', () => {
  const paths = () => [
    `/tenant/v1/buildings/${building['Harbor Point']}/categories/contents-spotlight`,
    `/tenant/v1/buildings/${building['Harbor Point']}/categories/contents`,
    `/tenant/v1/buildings/${building['Harbor Point']}/contents-promoted`,
    `/tenant/v1/buildings/${building['Harbor Point']}/categories`,
    `/tenant/v2/buildings/${building['Harbor Point']}/promoted-content`,
    `/tenant/v2/buildings/${building['Harbor Point']}/sanitized-tags`,
    `/tenant/v1/buildings/${building['Harbor Point']}/utility-buttons`,
    `/tenant/v1/buildings/${building['Harbor Point']}/amenitiesByCategory`,
    `/tenant/v1/buildings/${building['Harbor Point']}/companies`,
  ];

  it('answers 403 for a building the user is not in, 401 without a token', async () => {
    for (const path of paths()) {
      const res = await server.call('GET', path, { token: demoToken });
      expectError(res, 403);
      expect(res.body.code).toBe('not_a_member');
      expectError(await server.call('GET', path), 401);
    }
    const harborEvent = await uuidOf('Chef’s table lunch', building['Harbor Point']);
    expectError(await server.call('GET', `/tenant/v1/event-posts/${harborEvent}`, { token: demoToken }), 403);
    expectError(await server.call('PUT', `/tenant/v1/event-posts/${harborEvent}/recall`, { token: demoToken }), 403);
    expectError(
      await server.call('PUT', `/tenant/v1/buildings/${building['Harbor Point']}/event-posts/${harborEvent}/attend`, { token: demoToken }),
      403,
    );
    // A member of both buildings still cannot RSVP to one building's event through the other.
    expectError(await server.call('PUT', `/tenant/v1/buildings/${plaza}/event-posts/${harborEvent}/attend`, { token: adminToken }), 404);
    expect(
      await server.db.query(
        'SELECT 1 FROM rsvps r JOIN contents c ON c.id = r.content_id WHERE c.uuid = $1 AND r.user_id <> ALL(SELECT id FROM users WHERE email LIKE $2)',
        [harborEvent, 'neighbour%'],
      ),
    ).toEqual([]);
  });

  it('answers 400 for bad input', async () => {
    for (const path of [
      `/tenant/v1/buildings/not-a-uuid/categories/contents`,
      `/tenant/v1/buildings/${plaza}/categories/contents?orderBy=sideways`,
      `/tenant/v1/buildings/${plaza}/categories/contents?orderByProperty=password_hash`,
      `/tenant/v1/buildings/${plaza}/categories/contents?offset=-1`,
      `/tenant/v1/buildings/${plaza}/categories?limit=101`,
      `/tenant/v1/buildings/${plaza}/categories?categoryType=Other`,
      `/tenant/v1/buildings/${plaza}/categories?active=maybe`,
      `/tenant/v1/buildings/${plaza}/companies?limit=0`,
      `/tenant/v1/buildings/${plaza}/companies?orderByProperty=email`,
      `/tenant/v1/buildings/${plaza}/amenitiesByCategory?offset=x`,
      `/tenant/v1/event-posts/123`,
      `/tenant/v1/offers/x`,
      `/tenant/v1/companies/1`,
    ]) {
      expectError(await server.call('GET', path, { token: demoToken }), 400);
    }
    expectError(await server.call('PUT', `/tenant/v1/buildings/${plaza}/offers/nope/claim`, { token: demoToken }), 400);
  });
});

describe('calls to action of the demo posts', () => {
  it('INTERNAL_LINK posts lead to an amenity, a company and a content of the same building, or to its secondary content', async () => {
    const content = async (title: string) => get(`/tenant/v2/buildings/${plaza}/content/${await uuidOf(title)}`);
    const fitness = await content('New classes at the fitness center');
    expect(fitness).toMatchObject({ cta_type: 'INTERNAL_LINK', cta_label: 'See the fitness center' });
    const amenities: { amenities: { amenity_uuid: string; amenity_name: string }[] }[] = await get(
      `/tenant/v1/buildings/${plaza}/amenitiesByCategory`,
    );
    expect(amenities.flatMap((c) => c.amenities).find((a) => a.amenity_uuid === fitness.attachable_amenity_uuid)?.amenity_name).toBe(
      'Fitness center',
    );

    const neighbours = await content('Welcome our new neighbours');
    expect((await get(`/tenant/v1/companies/${neighbours.attachable_company_uuid}`)).name).toBe('Acme Analytics');

    const reminder = await content('Yoga is back on the terrace');
    expect(reminder.attachable_content_uuid).toBe(await uuidOf('Morning yoga on the terrace'));

    expect(await content('Services in your building')).toMatchObject({ attach_secondary_content: true, attachable_content_uuid: null });
    expect(await content('Register your guests ahead')).toMatchObject({
      cta_type: 'MICRO_FRONTEND',
      cta_url: `${server.config.miniAppOrigin}/mfe-visitors/`,
    });
    expect(await content('Your badge in your phone’s wallet')).toMatchObject({ cta_type: 'DEEP_LINK' });
    expect(await content('Reserve a parking spot')).toMatchObject({ cta_type: 'NATIVE_LINK' });
  });

  it('says whether the person may claim an offer', async () => {
    expect((await get(`/tenant/v2/buildings/${plaza}/content/${await uuidOf('Globex team breakfast')}`)).is_eligible).toBe(false);
    expect((await get(`/tenant/v2/buildings/${plaza}/content/${await uuidOf('15% off at the lobby café')}`)).is_eligible).toBe(true);
  });
});

describe('POST /dev/contents', () => {
  it('stores a content in every language of the building, rich text as given', async () => {
    const hostile = '<p>Hi<script>alert(1)</script><strike>old</strike></p>';
    const res = await server.call('POST', '/dev/contents', {
      body: { building_uuid: plaza, type: 'event_post', title: 'Test event', rich_description: hostile, capacity: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { uuid } = res.body.data as { uuid: string };
    const event = await get(`/tenant/v1/event-posts/${uuid}`);
    expect(event).toMatchObject({ title: 'Test event', richDescription: hostile, capacity: 1, attendants: [] });
    expect(Date.parse(event.start_at)).toBeGreaterThan(Date.now());
    expect((await get(`/tenant/v1/event-posts/${uuid}?lang=es-ES`)).language).toBe('es-ES');
  });

  it('stores a post with its image and link call-to-action, which its tile and detail carry', async () => {
    const body = {
      building_uuid: plaza,
      type: 'post',
      title: 'Mini-app post',
      image_url: '/media/content/none.png',
      cta_type: 'MICRO_FRONTEND',
      cta_url: '/mfe-visitors/',
    };
    const res = await server.call('POST', '/dev/contents', { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { uuid } = res.body.data as { uuid: string };
    const content = await get(`/tenant/v2/buildings/${plaza}/content/${uuid}`);
    expect(content).toMatchObject({
      title: 'Mini-app post',
      image_url: '/media/content/none.png',
      cta_type: 'MICRO_FRONTEND',
      // A link to a demo mini-app goes to the mini-app origin, as the seeded ones do.
      cta_url: `${server.config.miniAppOrigin}/mfe-visitors/`,
    });
    expectError(await server.call('POST', '/dev/contents', { body: { ...body, cta_type: 'CLAIM' } }), 400);
  });

  it('stores an article, whose tile opens its page (and refuses one without its page)', async () => {
    const body = { building_uuid: plaza, type: 'article', title: 'Our sustainability report', cta_url: '/legal/terms.html' };
    const res = await server.call('POST', '/dev/contents', { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { uuid } = res.body.data as { uuid: string };
    const discover = (await get(`/tenant/v1/buildings/${plaza}/categories/contents?lang=en`)) as {
      contents: { uuid: string; navigation_command: unknown }[];
    }[];
    const tile = discover.flatMap((category) => category.contents).find((content) => content.uuid === uuid);
    expect(tile?.navigation_command).toMatchObject({ type: 'WEBVIEW', value: '/legal/terms.html' });
    const refused = await server.call('POST', '/dev/contents', { body: { ...body, cta_url: undefined } });
    expectError(refused, 400);
    expect(JSON.stringify(refused.body)).toContain('cta_url');
  });

  it('answers 400 for bad input and 404 for an unknown building', async () => {
    expectError(await server.call('POST', '/dev/contents', { body: { building_uuid: plaza, type: 'post' } }), 400);
    expectError(await server.call('POST', '/dev/contents', { body: { building_uuid: plaza, type: 'poll', title: 'x' } }), 400);
    expectError(await server.call('POST', '/dev/contents', { body: { building_uuid: plaza, type: 'post', title: 'x', capacity: -1 } }), 400);
    expectError(
      await server.call('POST', '/dev/contents', { body: { building_uuid: '00000000-0000-4000-8000-000000000000', type: 'post', title: 'x' } }),
      404,
    );
  });
});

describe('demo mini-apps', () => {
  // They are served on the mini-app origin only (issue 23; test/server/miniApps.test.ts checks the split).
  const onApps = (url: string) => server.app.inject({ method: 'GET', url, headers: { host: new URL(server.config.miniAppOrigin).host } });

  it('serves the survey with the topic it is given, escaped, and no inline code', async () => {
    const res = await onApps(`/mfe-survey/?survey=${encodeURIComponent('<b>commute</b>')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Topic: &#60;b&#62;commute&#60;/b&#62;.');
    expect(res.body).not.toContain('<b>commute</b>');
    // No inline script or style: the page lives under a policy without inline code.
    expect(res.body).not.toMatch(/<script>|<style>/);
    expect(res.body).toContain('<script src="/mfe-assets/mini-app.js"></script>');
    const script = await onApps('/mfe-assets/mini-app.js');
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("parent.postMessage('closeMFE', '*')");
  });

  // The Visitors mini-app is the build's (test/server/visitorsMiniApp.test.ts); the survey is a built-in page.
  it('leaves closing to the app’s frame: no Close button of its own, only a Done once the form is sent', async () => {
    for (const url of ['/mfe-survey/?survey=commute']) {
      const { body } = await onApps(url);
      expect(body, url).not.toMatch(/>\s*Close\s*</);
      expect(body.match(/data-close/g), url).toHaveLength(1);
      expect(body, url).toMatch(/<div id="done" hidden>.*<button type="button" data-close>Done<\/button><\/div>/s);
    }
  });

  it('asks as many questions as its page and the seeded survey post say, in every language of the post', async () => {
    const { body } = await onApps('/mfe-survey/?survey=commute');
    // A question is a group of choices (fieldset) or a labelled list (select).
    const asked = (body.match(/<fieldset>/g) ?? []).length + (body.match(/<select /g) ?? []).length;
    expect(asked).toBe(2);
    expect(body).toContain('Two questions');
    const descriptions = await server.db.query<{ language: string; description: string }>(
      `SELECT t.language, t.description FROM contents c JOIN content_translations t ON t.content_id = c.id
        WHERE c.cta_url = $2 AND c.building_id = (SELECT id FROM buildings WHERE uuid = $1)`,
      [plaza, `${server.config.miniAppOrigin}/mfe-survey/?survey=commute`],
    );
    expect(descriptions.length).toBeGreaterThan(0);
    const two: Record<string, string> = { en: 'Two questions', es: 'Dos preguntas', fr: 'Deux questions' };
    for (const { language, description } of descriptions) expect(description, language).toContain(two[language.split('-')[0]!]);
  });

  it('serves the survey, telling whether it got the auth parameters', async () => {
    const signedIn = await onApps('/mfe-survey/?survey=commute&authToken=t');
    expect(signedIn.body).toContain('data-topic="commute" data-auth="signed-in"');
    const anonymous = await onApps('/mfe-survey/');
    expect(anonymous.body).toContain('data-topic="general" data-auth="anonymous"');
  });
});
