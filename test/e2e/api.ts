import { baseURL } from './browser';

/** Straight calls to the running API, for browser tests that need ids or a state the screens then show. */

export interface ApiSession {
  token: string;
  call<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
}

export async function apiSignIn(email: string, password: string): Promise<ApiSession> {
  const answer = await fetch(`${baseURL()}/api/auth/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${email}: ${answer.status} ${await answer.text()}`);
  const { token } = (await answer.json()) as { token: string };
  return {
    token,
    async call<T>(path: string, init: { method?: string; body?: unknown } = {}) {
      const res = await fetch(`${baseURL()}/api${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: T }).data;
    },
  };
}

/** The demo tenant signed in through the API, and the uuid of their building, One Atrium Plaza. */
export async function demoInPlaza(): Promise<{ demo: ApiSession; plaza: string }> {
  const demo = await apiSignIn('demo@northwind.example', 'Atrium!2026');
  return { demo, plaza: await buildingUuid(demo, 'One Atrium Plaza') };
}

/** The uuid of the person's building of that name. */
export async function buildingUuid(session: ApiSession, name: string): Promise<string> {
  const { buildings } = await session.call<{ buildings: { uuid: string; name: string }[] }>('/tenant/v1/users/current/buildings');
  const found = buildings.find((b) => b.name === name);
  if (!found) throw new Error(`no building ${name}`);
  return found.uuid;
}

interface Tile {
  uuid: string;
  title: string;
}

/** The uuid of a displayed content of the building, by its English title. */
export async function contentUuid(session: ApiSession, building: string, title: string): Promise<string> {
  const groups = await Promise.all(
    ['categories/contents-spotlight', 'categories/contents'].map((path) =>
      session.call<{ contents: Tile[] }[]>(`/tenant/v1/buildings/${building}/${path}?lang=en`),
    ),
  );
  const found = groups
    .flat()
    .flatMap((c) => c.contents)
    .find((c) => c.title === title);
  if (!found) throw new Error(`no content titled ${title}`);
  return found.uuid;
}

/** Stores a content through the development endpoint (as an editor would), answering its uuid. */
export async function addContent(content: {
  building_uuid: string;
  /** An article is a web page: its tile opens its cta_url. */
  type: 'post' | 'event_post' | 'offer' | 'article';
  title: string;
  rich_description?: string;
  capacity?: number;
  image_url?: string;
  cta_type?: 'EXTERNAL_URL' | 'DEEP_LINK' | 'MICRO_FRONTEND';
  cta_url?: string;
}) {
  const res = await fetch(`${baseURL()}/api/dev/contents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(content),
  });
  if (!res.ok) throw new Error(`adding content: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { uuid: string } }).data.uuid;
}
