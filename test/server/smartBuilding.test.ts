/**
 * Smart suites (issue 12, decision 053): the five calls of the specification, the suite's state kept in the database,
 * the limits checked by the server, and what an attacker tries: another building's suites, a building one does not
 * belong to, out-of-range and malformed values, no token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { servicesFixture } from './helpers.js';

let server: TestServer;
let plaza: string;
let harbor: string;
let maison: string;
let demoToken: string;
let adminToken: string;
let oliviaToken: string;

beforeAll(async () => {
  ({ server, plaza, harbor, maison, demoToken, adminToken, oliviaToken } = await servicesFixture());
});
afterAll(() => server.close());

const base = (building: string) => `/smart-building/v1/buildings/${building}/zeller`;
type Nav = { id: string; navName: string };

async function suitesByName(building: string, token: string): Promise<Record<string, string>> {
  const floors = (await server.call('GET', `${base(building)}/floors`, { token })).body.data as Nav[];
  const named: Record<string, string> = {};
  for (const floor of floors) {
    const suites = (await server.call('GET', `${base(building)}/floors/${floor.id}/suites`, { token })).body.data as Nav[];
    for (const suite of suites) named[suite.navName] = suite.id;
  }
  return named;
}

describe('floors, suites and a suite', () => {
  it('lists the floors, a floor with no suites among them, and each floor’s suites', async () => {
    const floors = await server.call('GET', `${base(plaza)}/floors`, { token: demoToken });
    expect(floors.status).toBe(200);
    expect((floors.body.data as Nav[]).map((f) => f.navName)).toEqual(['Floor 12', 'Floor 14', 'Floor 15']);
    const empty = (floors.body.data as Nav[])[2]!;
    const none = await server.call('GET', `${base(plaza)}/floors/${empty.id}/suites`, { token: demoToken });
    expect(none).toMatchObject({ status: 200, body: { data: [] } });
    expect(Object.keys(await suitesByName(plaza, demoToken))).toEqual(['Suite 1200', 'Suite 1210', 'Suite 1250', 'Suite 1400', 'Suite 1450']);
  });

  it('tells numeric lighting, no lighting control (false) and unavailable equipment apart', async () => {
    const suites = await suitesByName(plaza, demoToken);
    const detail = async (name: string) => (await server.call('GET', `${base(plaza)}/suites/${suites[name]}`, { token: demoToken })).body.data;
    expect(await detail('Suite 1200')).toMatchObject({
      navName: 'Suite 1200',
      lighting: 60,
      temp: 71,
      temp_unit: 'F',
      equipment_status: 'available',
    });
    expect(await detail('Suite 1210')).toMatchObject({ lighting: false, temp_unit: 'F', equipment_status: 'available' });
    expect(await detail('Suite 1250')).toMatchObject({ equipment_status: 'unavailable' });
  });

  it('shows a building outside the United States in °C', async () => {
    const suites = await suitesByName(harbor, adminToken);
    const { body } = await server.call('GET', `${base(harbor)}/suites/${suites['Suite 1200']}`, { token: adminToken });
    expect(body.data).toMatchObject({ temp_unit: 'C', temp: 21.5 });
  });
});

describe('changing a suite', () => {
  it('keeps a new lighting level and temperature: a later read sees them', async () => {
    const suite = (await suitesByName(plaza, demoToken))['Suite 1400']!;
    const lit = await server.call('PUT', `${base(plaza)}/suites/${suite}/lighting/all/35`, { token: demoToken });
    expect(lit).toMatchObject({ status: 200, body: { data: { lighting: 35 } } });
    const warmer = await server.call('PUT', `${base(plaza)}/suites/${suite}/temp/73/false`, { token: demoToken });
    expect(warmer).toMatchObject({ status: 200, body: { data: { temp: 73, isCelsius: false, current_temp: 69, requested_temp: 73, unit: 'F' } } });
    const read = await server.call('GET', `${base(plaza)}/suites/${suite}`, { token: demoToken });
    expect(read.body.data).toMatchObject({ lighting: 35, temp: 73 });
  });

  it('takes a temperature in °C within the same limits', async () => {
    const suite = (await suitesByName(harbor, adminToken))['Suite 1400']!;
    const set = await server.call('PUT', `${base(harbor)}/suites/${suite}/temp/22.5/true`, { token: adminToken });
    expect(set).toMatchObject({ status: 200, body: { data: { requested_temp: 22.5, unit: 'C' } } });
    const tooWarm = await server.call('PUT', `${base(harbor)}/suites/${suite}/temp/25/true`, { token: adminToken });
    expect(tooWarm.status).toBe(400);
    expect(tooWarm.body.message).toMatch(/18\.5 and 23\.5 °C/);
    // Below the limit in °C too (18 °C is 64.4 °F), and nothing changed by either refusal.
    expect((await server.call('PUT', `${base(harbor)}/suites/${suite}/temp/18/true`, { token: adminToken })).status).toBe(400);
    expect((await server.call('GET', `${base(harbor)}/suites/${suite}`, { token: adminToken })).body.data).toMatchObject({ temp: 22.5 });
  });

  it('refuses a temperature outside 65–75 °F and lighting outside 0–100, changing nothing', async () => {
    const suite = (await suitesByName(plaza, demoToken))['Suite 1200']!;
    const before = (await server.call('GET', `${base(plaza)}/suites/${suite}`, { token: demoToken })).body.data;
    for (const path of [
      'temp/64/false',
      'temp/76/false',
      'temp/-40/false',
      'temp/abc/false',
      'temp/70/maybe',
      'lighting/all/101',
      'lighting/all/-1',
      'lighting/all/50.5',
      // Text JavaScript would read as a number (0x46 is 70, 7e1 is 70): refused, not read loosely (issue 22, item 7).
      'temp/0x46/false',
      'temp/7e1/false',
      'temp/%2070/false',
      'lighting/all/0x32',
    ]) {
      const answer = await server.call('PUT', `${base(plaza)}/suites/${suite}/${path}`, { token: demoToken });
      expect(answer.status, path).toBe(400);
      expect(answer.body.message, path).toBeTruthy();
    }
    const cold = await server.call('PUT', `${base(plaza)}/suites/${suite}/temp/64/false`, { token: demoToken });
    expect(cold.body.message).toMatch(/between 65 and 75 °F/);
    const hex = await server.call('PUT', `${base(plaza)}/suites/${suite}/temp/0x46/false`, { token: demoToken });
    expect(hex.body.message).toMatch(/temp must be a decimal number/);
    const bright = await server.call('PUT', `${base(plaza)}/suites/${suite}/lighting/all/101`, { token: demoToken });
    expect(bright.body.message).toMatch(/100/);
    expect((await server.call('GET', `${base(plaza)}/suites/${suite}`, { token: demoToken })).body.data).toEqual(before);
  });

  it('refuses lighting on a suite without lighting control, and any change on unavailable equipment (409)', async () => {
    const suites = await suitesByName(plaza, demoToken);
    const noLights = await server.call('PUT', `${base(plaza)}/suites/${suites['Suite 1210']}/lighting/all/50`, { token: demoToken });
    expect(noLights).toMatchObject({ status: 409, body: { code: 'no_lighting_control' } });
    const down = await server.call('PUT', `${base(plaza)}/suites/${suites['Suite 1250']}/temp/70/false`, { token: demoToken });
    expect(down).toMatchObject({ status: 409, body: { code: 'equipment_unavailable' } });
  });
});

describe('an attacker', () => {
  it('cannot read or change another building’s suite through a building they belong to (404)', async () => {
    // The admin belongs to both buildings; the demo tenant only to Plaza. Harbor's suite through Plaza's path:
    const harborSuite = (await suitesByName(harbor, adminToken))['Suite 1200']!;
    const before = (await server.call('GET', `${base(harbor)}/suites/${harborSuite}`, { token: adminToken })).body.data;
    expect((await server.call('GET', `${base(plaza)}/suites/${harborSuite}`, { token: demoToken })).status).toBe(404);
    expect((await server.call('PUT', `${base(plaza)}/suites/${harborSuite}/lighting/all/0`, { token: demoToken })).status).toBe(404);
    expect((await server.call('PUT', `${base(plaza)}/suites/${harborSuite}/temp/65/false`, { token: demoToken })).status).toBe(404);
    const harborFloor = ((await server.call('GET', `${base(harbor)}/floors`, { token: adminToken })).body.data as Nav[])[0]!.id;
    expect((await server.call('GET', `${base(plaza)}/floors/${harborFloor}/suites`, { token: demoToken })).status).toBe(404);
    expect((await server.call('GET', `${base(harbor)}/suites/${harborSuite}`, { token: adminToken })).body.data).toEqual(before);
  });

  it("sees another company's suite but cannot change it (403); the building's shared suites anyone in it can (decision 144)", async () => {
    // Plaza: Suite 1200 is Northwind's (the demo tenant's company), Suite 1450 Globex's (the admin's), Suite 1400 shared.
    const suites = await suitesByName(plaza, demoToken);
    const seen = async (name: string, token: string) =>
      (await server.call('GET', `${base(plaza)}/suites/${suites[name]}`, { token })).body.data as { can_control: boolean; lighting: number };
    expect(await seen('Suite 1200', demoToken)).toMatchObject({ can_control: true });
    expect(await seen('Suite 1400', demoToken)).toMatchObject({ can_control: true });
    expect(await seen('Suite 1450', demoToken)).toMatchObject({ can_control: false });
    expect(await seen('Suite 1200', adminToken)).toMatchObject({ can_control: false });
    expect(await seen('Suite 1450', adminToken)).toMatchObject({ can_control: true });
    const before = await seen('Suite 1450', adminToken);
    for (const path of ['lighting/all/5', 'temp/66/false']) {
      const answer = await server.call('PUT', `${base(plaza)}/suites/${suites['Suite 1450']}/${path}`, { token: demoToken });
      expect(answer, path).toMatchObject({ status: 403, body: { code: 'suite_read_only' } });
    }
    expect((await server.call('PUT', `${base(plaza)}/suites/${suites['Suite 1200']}/lighting/all/5`, { token: adminToken })).status).toBe(403);
    expect(await seen('Suite 1450', adminToken)).toEqual(before);
    // Its own company's people change it.
    const own = await server.call('PUT', `${base(plaza)}/suites/${suites['Suite 1450']}/lighting/all/${before.lighting === 50 ? 55 : 50}`, {
      token: adminToken,
    });
    expect(own.status).toBe(200);
  });

  it('cannot reach a building they do not belong to (403), nor any suite without a token (401)', async () => {
    const maisonSuite = (await suitesByName(maison, oliviaToken))['Suite 1200']!;
    expect((await server.call('GET', `${base(maison)}/floors`, { token: demoToken })).status).toBe(403);
    expect((await server.call('PUT', `${base(maison)}/suites/${maisonSuite}/lighting/all/0`, { token: demoToken })).status).toBe(403);
    expect((await server.call('GET', `${base(plaza)}/floors`)).status).toBe(401);
    expect((await server.call('GET', `${base(plaza)}/suites/not-a-uuid`, { token: demoToken })).status).toBe(400);
  });
});
