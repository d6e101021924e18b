import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { COMPANY_PAGE_SIZE, searchWords } from '../../server/routes/directory.js';
import { companyFloor, directoryCompanies } from '../../server/db/seedContent.js';
import { COMPANY_SEARCH_MAX_LENGTH } from '../../contracts/directory.js';
import { expectError } from './helpers.js';

/** The company directory: its pages, types, search and floor filter (issue 26), and who may read it. */

let server: TestServer;
const building: Record<string, string> = {};
let demoToken: string;
let oliviaToken: string;
let plaza: string;

type CompanyRow = { uuid: string; name: string; company_type: string | null; floor: number | null };
type Directory = {
  companies: CompanyRow[];
  company_types: string[];
  floors: number[];
  pagination: { offset: number; limit: number; total: number; has_more: boolean };
};

beforeAll(async () => {
  server = await startTestServer();
  for (const row of await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text FROM buildings')) building[row.name] = row.uuid;
  plaza = building['One Atrium Plaza']!;
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  oliviaToken = (await server.login('olivia@umbrella.example', DEMO_PASSWORD)).token;
  // Names the demo lacks: accents, and the characters SQL gives a meaning to. Only in this test's database.
  await addCompany('One Atrium Plaza', 'Crème Brûlée Café', 3);
  await addCompany('One Atrium Plaza', 'Łódź Æsthetics', 3);
  await addCompany('One Atrium Plaza', '100% Organic', 4);
  await addCompany('One Atrium Plaza', 'snake_case Labs', 4);
  await addCompany('One Atrium Plaza', "O’Brien & O'Neil", 4);
  await addCompany('One Atrium Plaza', 'Back\\slash Studio', 4);
  await addCompany('Harbor Point', 'Harbor Only Holdings', 9);
});
afterAll(() => server.close());

async function addCompany(buildingName: string, name: string, floor: number) {
  await server.db.query(
    `INSERT INTO companies (name, building_id, company_type, floor) VALUES ($1, (SELECT id FROM buildings WHERE name = $2), 'tenant', $3)`,
    [name, buildingName, floor],
  );
}

const directory = async (query = '', token = demoToken, buildingUuid = plaza): Promise<Directory> => {
  const path = `/tenant/v1/buildings/${buildingUuid}/companies${query}`;
  const res = await server.call('GET', path, { token });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const search = async (words: string, more = '') => directory(`?limit=100&q=${encodeURIComponent(words)}${more}`);
const namesOf = (answer: Directory) => answer.companies.map((c) => c.name);
/** A name as the directory sorts it (directory_fold, for the letters used here): lower case, no accents. */
const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ł/g, 'l').replace(/æ/g, 'ae');
/** The demo and the companies added above, in One Atrium Plaza: 30 of the demo, the portfolio's own, six added. */
const PLAZA_TOTAL = directoryCompanies.length + 1 + 6;

describe('the directory, a page at a time', () => {
  it('orders by name, pages, keeps types; lists every type and floor for the filters; one company by id', async () => {
    const first = await directory();
    expect(first.pagination).toEqual({ offset: 0, limit: COMPANY_PAGE_SIZE, total: PLAZA_TOTAL, has_more: false });
    expect(first.company_types).toEqual(['property_management', 'restaurant', 'retail', 'service', 'tenant']);
    expect(first.floors).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const names = namesOf(first);
    expect(names).toEqual([...names].sort((a, b) => (fold(a) < fold(b) ? -1 : fold(a) > fold(b) ? 1 : 0)));
    expect(names.indexOf('Łódź Æsthetics')).toBe(names.indexOf('Lumen Architects') - 1);
    const acme = first.companies.find((c) => c.name === 'Acme Analytics');
    expect(acme).toEqual({
      uuid: expect.any(String),
      name: 'Acme Analytics',
      // The demo companies have no logo: the app draws their initials (decision NEXT-directory-search).
      logo_url: null,
      description: expect.stringContaining('Acme'),
      url: 'acme-analytics.example',
      company_type: 'tenant',
      floor: companyFloor(0),
    });

    const page = await directory('?orderByProperty=name&orderBy=DESC&offset=10&limit=10');
    expect(namesOf(page)).toEqual([...names].reverse().slice(10, 20));
    expect(page.pagination).toEqual({ offset: 10, limit: 10, total: PLAZA_TOTAL, has_more: true });

    const food = await directory('?company_types=restaurant,retail');
    expect(food.pagination.total).toBe(10);
    expect(new Set(food.companies.map((c) => c.company_type))).toEqual(new Set(['restaurant', 'retail']));
    // The filters' choices are the whole directory's, whatever the filter.
    expect(food.company_types).toEqual(first.company_types);
    expect(food.floors).toEqual(first.floors);

    const one = await server.call('GET', `/tenant/v1/companies/${acme!.uuid}`, { token: demoToken });
    expect(one.body.data).toEqual(acme);
    const theirs = (await directory('?limit=1', oliviaToken, building['Maison du Port'])).companies[0]!;
    expectError(await server.call('GET', `/tenant/v1/companies/${theirs.uuid}`, { token: demoToken }), 403);
    expectError(await server.call('GET', '/tenant/v1/companies/00000000-0000-4000-8000-000000000000', { token: demoToken }), 404);
  });

  it('counts the same companies whichever way in: the Directory utility opens the whole directory', async () => {
    const res = await server.call('GET', `/tenant/v1/buildings/${plaza}/utility-buttons`, { token: demoToken });
    const button = (res.body.data.utility_buttons as { utility_name: string; company_types: string | null }[]).find(
      (b) => b.utility_name === 'COMPANIES',
    )!;
    const fromHome = await directory(button.company_types ? `?company_types=${encodeURIComponent(button.company_types)}` : '');
    const fromElsewhere = await directory();
    expect(fromHome.pagination.total).toBe(fromElsewhere.pagination.total);
    expect(fromElsewhere.pagination.total).toBe(PLAZA_TOTAL);
  });

  it('says whether more follow, also past the end; at most 100 a page', async () => {
    const end = await directory(`?offset=${PLAZA_TOTAL}&limit=5`);
    expect(end.companies).toEqual([]);
    expect(end.pagination).toEqual({ offset: PLAZA_TOTAL, limit: 5, total: PLAZA_TOTAL, has_more: false });
    expect((await directory('?limit=100')).companies).toHaveLength(PLAZA_TOTAL);
    expectError(await server.call('GET', `/tenant/v1/buildings/${plaza}/companies?limit=101`, { token: demoToken }), 400, /limit/);
  });
});

describe('search by name', () => {
  it('finds a part of a name, whatever its case, trimmed, runs of spaces as one', async () => {
    expect(namesOf(await search('acme'))).toEqual(['Acme Analytics']);
    expect(namesOf(await search('ACME'))).toEqual(['Acme Analytics']);
    expect(namesOf(await search('  acme    analytics  '))).toEqual(['Acme Analytics']);
    expect(namesOf(await search('sushi'))).toEqual(['Tidal Sushi']);
    // Every name holding "an": a part of a word anywhere, in the directory's order.
    const an = await search('an');
    expect(namesOf(an).length).toBeGreaterThan(3);
    expect(namesOf(an).every((name) => name.toLowerCase().includes('an'))).toBe(true);
    expect(an.pagination.total).toBe(an.companies.length);
    // Only spaces: no search at all.
    expect((await search('   ')).pagination.total).toBe(PLAZA_TOTAL);
  });

  it('ignores accents on either side, however the accent is written', async () => {
    expect(namesOf(await search('creme brulee'))).toEqual(['Crème Brûlée Café']);
    expect(namesOf(await search('CRÈME'))).toEqual(['Crème Brûlée Café']);
    // "è" written as "e" and a combining grave accent (NFD), as some keyboards send it.
    expect(namesOf(await search('Cre\u0300me'))).toEqual(['Crème Brûlée Café']);
    expect(namesOf(await search('lodz aesthetics'))).toEqual(['Łódź Æsthetics']);
    expect(namesOf(await search('ŁÓDŹ'))).toEqual(['Łódź Æsthetics']);
    // Accents typed where the name has none.
    expect(namesOf(await search('Ácmé'))).toEqual(['Acme Analytics']);
  });

  it('takes %, _, quotes and backslashes literally', async () => {
    expect(namesOf(await search('%'))).toEqual(['100% Organic']);
    expect(namesOf(await search('_'))).toEqual(['snake_case Labs']);
    expect(namesOf(await search('a_e'))).toEqual([]);
    expect(namesOf(await search("O'Neil"))).toEqual(["O’Brien & O'Neil"]);
    expect(namesOf(await search('O’Brien'))).toEqual(["O’Brien & O'Neil"]);
    expect(namesOf(await search('\\'))).toEqual(['Back\\slash Studio']);
    for (const attack of ["' OR '1'='1", "'; DROP TABLE companies; --", '%%', '%_%', '"', '\\%', '*', '.*', '[a-z]']) {
      expect(namesOf(await search(attack)), attack).toEqual([]);
    }
    expect((await directory()).pagination.total).toBe(PLAZA_TOTAL);
  });

  it(`refuses a search over ${COMPANY_SEARCH_MAX_LENGTH} characters with a 400 that says so`, async () => {
    expect((await search('a'.repeat(COMPANY_SEARCH_MAX_LENGTH))).companies).toEqual([]);
    const res = await server.call('GET', `/tenant/v1/buildings/${plaza}/companies?q=${'a'.repeat(COMPANY_SEARCH_MAX_LENGTH + 1)}`, {
      token: demoToken,
    });
    expectError(res, 400, `Invalid request: querystring/q must NOT have more than ${COMPANY_SEARCH_MAX_LENGTH} characters`);
  });

  it('pages a search: the total counts the matches', async () => {
    const all = await search('e');
    expect(all.pagination.total).toBeGreaterThan(4);
    const first = await directory('?q=e&limit=2');
    expect(namesOf(first)).toEqual(namesOf(all).slice(0, 2));
    expect(first.pagination).toEqual({ offset: 0, limit: 2, total: all.pagination.total, has_more: true });
    const last = await directory(`?q=e&limit=2&offset=${all.pagination.total - 1}`);
    expect(namesOf(last)).toEqual(namesOf(all).slice(-1));
    expect(last.pagination.has_more).toBe(false);
  });
});

describe('the floor filter', () => {
  const demoOnFloor = (floor: number) => directoryCompanies.filter((_, i) => companyFloor(i) === floor).map(([name]) => name);

  it('keeps the companies of one floor, with the search and the types', async () => {
    expect(demoOnFloor(2).length).toBe(2);
    const second = await directory('?floor=2');
    expect(namesOf(second).sort()).toEqual(demoOnFloor(2).sort());
    expect(second.companies.every((c) => c.floor === 2)).toBe(true);
    expect(second.pagination.total).toBe(2);
    expect(namesOf(await directory('?floor=3&q=creme'))).toEqual(['Crème Brûlée Café']);
    expect(namesOf(await directory('?floor=2&q=creme'))).toEqual([]);
    const [name, type] = directoryCompanies[0]!;
    expect(namesOf(await directory(`?floor=${companyFloor(0)}&company_types=${type}`))).toContain(name);
    expect((await directory(`?floor=${companyFloor(0)}&company_types=restaurant`)).companies.every((c) => c.company_type === 'restaurant')).toBe(
      true,
    );
    // A floor without a company is an empty page, not an error.
    expect(await directory('?floor=250')).toMatchObject({ companies: [], pagination: { total: 0, has_more: false } });
  });
});

describe('who may search, and bad input', () => {
  it("refuses another building's directory, and never shows its companies in yours", async () => {
    const harbor = `/tenant/v1/buildings/${building['Harbor Point']}/companies?q=harbor&floor=9`;
    const refused = await server.call('GET', harbor, { token: demoToken });
    expectError(refused, 403);
    expect(refused.body.code).toBe('not_a_member');
    expectError(await server.call('GET', harbor), 401);
    expect((await search('Harbor Only')).companies).toEqual([]);
    expect((await directory('?floor=9')).companies.map((c) => c.name)).not.toContain('Harbor Only Holdings');
  });

  it('answers every malformed query with a 400 and a message, never a 500', async () => {
    for (const query of [
      '?floor=abc',
      '?floor=1.5',
      '?floor=-11',
      '?floor=301',
      '?floor=',
      '?limit=0',
      '?limit=abc',
      '?offset=-1',
      '?orderByProperty=email',
      '?orderBy=sideways',
      '?q=a%00b',
      `?company_types=${'x'.repeat(1001)}`,
    ]) {
      const res = await server.call('GET', `/tenant/v1/buildings/${plaza}/companies${query}`, { token: demoToken });
      expectError(res, 400);
      expect(res.body.message, query).not.toMatch(/try again later/);
    }
    // Odd but harmless: answered, not refused.
    for (const query of ['?q=%F0%9F%8F%A2', '?q=a&q=b', '?q=%20', '?q=%0A%09', '?company_types=,,,']) {
      const res = await server.call('GET', `/tenant/v1/buildings/${plaza}/companies${query}`, { token: demoToken });
      expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
  });
});

describe('migration 039 on a database seeded before it', () => {
  it('gives the demo companies the floor their description states, drops the generated logos and the button’s types', async () => {
    const [row] = await server.db.query<{ id: number }>(
      `INSERT INTO companies (name, building_id, company_type, logo_url, description)
       VALUES ('Old Seed Co', (SELECT id FROM buildings WHERE name = 'Atrium Tower West'), 'tenant', '/media/content/company-old-seed-co.svg',
               '<p>Old Seed Co is on floor 17 of Atrium Tower West.</p>') RETURNING id`,
    );
    const [own] = await server.db.query<{ id: number }>(
      `INSERT INTO companies (name, building_id, company_type, logo_url) VALUES ('Own Logo Co', (SELECT id FROM buildings WHERE name = 'Atrium Tower West'), 'tenant', '/media/own-logo.png') RETURNING id`,
    );
    await server.db.query(`UPDATE utility_buttons SET company_types = 'tenant,retail,restaurant,service'
                            WHERE utility_name = 'COMPANIES' AND building_id = (SELECT id FROM buildings WHERE name = 'Atrium Tower West')`);
    const updates = readFileSync(new URL('../../server/db/migrations/039_directory_search.sql', import.meta.url), 'utf8')
      .split(/;\s*$/m)
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates).toHaveLength(3);
    for (const update of updates) await server.db.query(update);
    const [old] = await server.db.query<{ floor: number; logo_url: string | null }>('SELECT floor, logo_url FROM companies WHERE id = $1', [row!.id]);
    expect(old).toEqual({ floor: 17, logo_url: null });
    const [kept] = await server.db.query<{ logo_url: string | null }>('SELECT logo_url FROM companies WHERE id = $1', [own!.id]);
    expect(kept!.logo_url).toBe('/media/own-logo.png');
    const buttons = await server.db.query<{ company_types: string | null }>(
      `SELECT company_types FROM utility_buttons WHERE utility_name = 'COMPANIES' AND building_id = (SELECT id FROM buildings WHERE name = 'Atrium Tower West')`,
    );
    expect(buttons.map((b) => b.company_types)).toEqual([null]);
  });
});

describe('searchWords', () => {
  it('trims, joins runs of spaces and composes accents; nothing left is no search', () => {
    expect(searchWords('  Pine   &  Paper ')).toBe('Pine & Paper');
    expect(searchWords('Cre\u0300me')).toBe('Crème');
    expect(searchWords(' \t\n ')).toBeNull();
    expect(searchWords(undefined)).toBeNull();
  });
});
