import type { FlagName } from '../../contracts/flags';
import { baseURL } from './browser';

/**
 * A tenant of a browser-test file's own, made through the server's development route (`POST /api/dev/tenants`,
 * server/db/seedTenant.ts): a building with the demo content every demo building has (One Atrium Plaza's theme,
 * languages and time zone), a company with an email domain of its own, and people who sign in with the demo password.
 * What a file changes there (contents, requests, feature flags through `setBuildingFlag`) no other file sees.
 */

export interface TenantPerson {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

export interface Tenant {
  building_uuid: string;
  building_name: string;
  domain: string;
  people: TenantPerson[];
  /** The first of `people`. */
  person: TenantPerson;
}

export interface TenantOptions {
  /** Unique among buildings; generated when not given. */
  name?: string;
  timezone?: string;
  locale?: string;
  languages?: { code: string; name: string }[];
  theme?: { primary_color?: string; secondary_color?: string };
  /** How many people (1 when not given). */
  people?: number;
  /** The people's first names, in order; generated for the rest. */
  first_names?: string[];
  /** Each person also gets the demo person's history there: service requests, bookings, booked services, ended events attended. */
  history?: boolean;
}

/** Makes a new tenant on this worker's server. */
export async function newTenant(options: TenantOptions = {}): Promise<Tenant> {
  const answer = await fetch(`${baseURL()}/api/dev/tenants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options),
  });
  if (!answer.ok) throw new Error(`making a tenant failed: ${answer.status} ${await answer.text()}`);
  const { data } = (await answer.json()) as { data: Omit<Tenant, 'person'> };
  return { ...data, person: data.people[0]! };
}

/**
 * Sets a feature flag for one building (its override, which its signed-in people get), or removes the override
 * (null), on this worker's server: loopback needs no admin token in development. A signed-out visitor has no building,
 * so only a global value (`setFlag` in ./browser) reaches them.
 */
export async function setBuildingFlag(name: FlagName, value: boolean | null, buildingUuid: string): Promise<void> {
  const url = `${baseURL()}/api/admin/flags/${name}`;
  const answer =
    value === null
      ? await fetch(`${url}?building_uuid=${encodeURIComponent(buildingUuid)}`, { method: 'DELETE' })
      : await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value, building_uuid: buildingUuid }),
        });
  if (!answer.ok) throw new Error(`setting ${name} for building ${buildingUuid} failed: ${answer.status} ${await answer.text()}`);
}
