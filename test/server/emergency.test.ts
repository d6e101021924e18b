/**
 * Emergency management (issue 24, decision 192): a building's emergency contacts and procedures
 * for its members, in their language, and what an attacker tries: a building one is not in, no token, a bad id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { servicesFixture } from './helpers.js';

let server: TestServer;
let plaza: string;
let harbor: string;
let maison: string;
let demoToken: string;
let oliviaToken: string;

beforeAll(async () => {
  ({ server, plaza, harbor, maison, demoToken, oliviaToken } = await servicesFixture());
});
afterAll(() => server.close());

const path = (building: string) => `/tenant/v1/buildings/${building}/emergency-management`;
type Emergency = { contacts: { name: string; phone: string; hours: string | null }[]; procedures: { title: string; steps: string[] }[] };

describe('emergency management', () => {
  it("answers a member the building's contacts and procedures under data, in order", async () => {
    const answer = await server.call('GET', path(plaza), { token: demoToken });
    expect(answer.status).toBe(200);
    const data = answer.body.data as Emergency;
    expect(data.contacts.map((c) => c.name)).toEqual(['Emergency services', 'Building security desk', 'Building manager']);
    expect(data.contacts[0]).toMatchObject({ phone: '911', hours: '24 hours' });
    expect(data.procedures.map((p) => p.title)).toEqual(['Fire', 'Medical emergency', 'Shelter in place']);
    expect(data.procedures[0]!.steps).toHaveLength(3);
  });

  it('answers in the asked language of the building, else its first', async () => {
    const french = (await server.call('GET', `${path(maison)}?lang=fr-CA`, { token: oliviaToken })).body.data as Emergency;
    expect(french.procedures[0]!.title).toBe('Incendie');
    const english = (await server.call('GET', `${path(maison)}?lang=en`, { token: oliviaToken })).body.data as Emergency;
    expect(english.procedures[0]!.title).toBe('Fire');
    // German is not a language of the building: its first (French) answers.
    const other = (await server.call('GET', `${path(maison)}?lang=de-DE`, { token: oliviaToken })).body.data as Emergency;
    expect(other.contacts[1]!.name).toBe('Poste de sécurité');
  });

  it('refuses a building one is not in, a call without a token and an id that is no uuid, never with a 500', async () => {
    expect((await server.call('GET', path(harbor), { token: demoToken })).status).toBe(403);
    expect((await server.call('GET', path(plaza))).status).toBe(401);
    const bad = await server.call('GET', path('not-a-uuid'), { token: demoToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/uuid/);
    expect((await server.call('GET', `${path(plaza)}?lang=${'x'.repeat(40)}`, { token: demoToken })).status).toBe(400);
  });

  it("adds the Emergency utility button to the building's home", async () => {
    const buttons = (await server.call('GET', `/tenant/v1/buildings/${plaza}/utility-buttons`, { token: demoToken })).body.data.utility_buttons as {
      utility_name: string;
      type: string;
      route: string | null;
    }[];
    expect(buttons.find((b) => b.utility_name === 'EMERGENCY_MANAGEMENT')).toMatchObject({ type: 'NATIVE', route: 'emergency-management' });
  });
});
