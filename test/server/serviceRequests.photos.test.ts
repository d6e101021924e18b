/**
 * Service requests' photos, detail and status timeline (issue 26): a request filed with photos (a real multipart body,
 * built by FormData as a browser does), its detail with its timeline and photo links, the photos served to their
 * owner and the building team only, the building team's status changes (the development vendor route) and the
 * tenant's cancel in the timeline, the priority's default. An attacker: another person's request and photo, a file
 * that is no photo under a photo's name, too large, too many, a name that climbs folders, broken bodies.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { servicesFixture } from './helpers.js';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../contracts/serviceRequests.js';

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

const base = (building: string) => `/service-request/buildings/${building}`;
const good = { category: 'Plumbing', location: 'Floor 12, kitchen', priority: 'High', description: 'The tap drips all day.' };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The smallest JPEG file-type knows: its start-of-image marker and a JFIF header. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(200, 0),
  Buffer.from([0xff, 0xd9]),
]);
/** An HEIC still as an iPhone writes it: an ftyp box of brand heic. */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(100),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const TEXT = Buffer.from('#!/bin/sh\necho pwned\n');

type Photo = { name: string; bytes: Buffer; type?: string };
type Detail = {
  id: string;
  status: string;
  answers: Record<string, string>;
  photo_count: number;
  created_at: string;
  updated_at: string;
  timeline: { status: string; at: string; by: string; by_name: string | null; note: string | null }[];
  photos: { id: string; filename: string; type: string; size: number; url: string }[];
};

/** Encodes a form as a browser does (the platform's FormData), for the inject calls below. */
async function encode(fields: Record<string, string>, photos: Photo[], field = 'photos') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append(field, new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? 'image/jpeg' }), photo.name);
  const encoded = new Response(form);
  return { contentType: encoded.headers.get('content-type')!, payload: Buffer.from(await encoded.arrayBuffer()) };
}

/** Files a request with photos as multipart/form-data. */
async function create(building: string, token: string, fields: Record<string, string>, photos: Photo[], field = 'photos') {
  const { contentType, payload } = await encode(fields, photos, field);
  const response = await server.app.inject({
    method: 'POST',
    url: `${server.config.apiBase}${base(building)}/create`,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: response.statusCode, body: response.json() as { data?: Detail; message?: string; code?: string } };
}

const detail = async (building: string, id: string, token: string) =>
  server.call<{ data: Detail }>('GET', `${base(building)}/service-request/${id}`, { token });

/** A photo's link as the detail gives it, fetched with a bearer. */
async function photo(url: string, token: string) {
  const response = await server.app.inject({ method: 'GET', url: `${server.config.apiBase}${url}`, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

const filesOnDisk = async () => (await readdir(server.config.attachmentsDir).catch(() => [])).sort();
const stored = async () => {
  const [row] = await server.db.query<{ requests: number; photos: number }>(
    'SELECT (SELECT count(*)::int FROM service_requests) AS requests, (SELECT count(*)::int FROM service_request_photos) AS photos',
  );
  return { ...row!, onDisk: await filesOnDisk() };
};

/** The building team's change through the development vendor route. */
const teamChange = (id: string, body: Record<string, unknown>) => server.call('POST', `/dev/service-requests/${id}/status`, { body });

describe('a request with photos', () => {
  it('is filed with its photos (types read from the content), and its detail lists them with the first status', async () => {
    const answer = await create(plaza, demoToken, good, [
      { name: 'sink.png', bytes: PNG, type: 'application/octet-stream' },
      { name: 'IMG_0001.HEIC', bytes: HEIC, type: '' },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ status: 'Submitted', photo_count: 2, answers: good });
    const { status, body } = await detail(plaza, answer.body.data!.id, demoToken);
    expect(status).toBe(200);
    expect(body.data.photos.map(({ filename, type, size }) => ({ filename, type, size }))).toEqual([
      { filename: 'sink.png', type: 'image/png', size: PNG.length },
      { filename: 'IMG_0001.HEIC', type: 'image/heic', size: HEIC.length },
    ]);
    expect(body.data.timeline).toEqual([{ status: 'Submitted', at: answer.body.data!.created_at, by: 'requester', by_name: null, note: null }]);
    // The list says how many photos a request has.
    const listed = (await server.call('GET', `${base(plaza)}/requests`, { token: demoToken })).body.data as Detail[];
    expect(listed.find((r) => r.id === answer.body.data!.id)!.photo_count).toBe(2);
  });

  it('serves a photo to its owner as its own type, inline, not to be sniffed, and byte for byte', async () => {
    const made = await create(plaza, demoToken, good, [{ name: 'leak.jpg', bytes: JPEG }]);
    const [link] = (await detail(plaza, made.body.data!.id, demoToken)).body.data.photos;
    expect(link!.url).toBe(`${base(plaza)}/service-request/${made.body.data!.id}/photos/${link!.id}`);
    const got = await photo(link!.url, demoToken);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['content-disposition']).toBe(`inline; filename="leak.jpg"; filename*=UTF-8''leak.jpg`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toContain('no-store');
    expect(got.bytes.equals(JPEG)).toBe(true);
  });

  it('serves it to the building team (a building admin of the building) too', async () => {
    const made = await create(plaza, demoToken, good, [{ name: 'a.png', bytes: PNG }]);
    const [link] = (await detail(plaza, made.body.data!.id, demoToken)).body.data.photos;
    expect((await photo(link!.url, adminToken)).status).toBe(200);
    // The team sees the photo; the detail stays the tenant's own.
    expect((await detail(plaza, made.body.data!.id, adminToken)).status).toBe(404);
  });

  it('is filed without photos as JSON as before, and a priority left out is Normal, the metadata’s default', async () => {
    const { priority: _, ...withoutPriority } = good;
    const made = await server.call('POST', `${base(plaza)}/create`, { token: demoToken, body: withoutPriority });
    expect(made).toMatchObject({ status: 201, body: { data: { photo_count: 0, answers: { priority: 'Normal' } } } });
    const multipart = await create(plaza, demoToken, withoutPriority, []);
    expect(multipart).toMatchObject({ status: 201, body: { data: { answers: { priority: 'Normal' } } } });
    const fields = (await server.call('GET', `${base(plaza)}/metadata`, { token: demoToken })).body.data.fields as {
      name: string;
      default?: string;
    }[];
    expect(fields.find((f) => f.name === 'priority')!.default).toBe('Normal');
    expect(fields.filter((f) => f.default).map((f) => f.name)).toEqual(['priority']);
  });
});

describe('the status timeline', () => {
  it('records each change of the building team (with the vendor’s name and note, or none) and the tenant’s cancel', async () => {
    const made = (await create(plaza, demoToken, good, [])).body.data!;
    server.clock.advance(60);
    const pending = await teamChange(made.id, { status: 'Pending' });
    expect(pending).toMatchObject({ status: 200, body: { data: { id: made.id, status: 'Pending' } } });
    server.clock.advance(90);
    const accepted = await teamChange(made.id, { status: 'Accepted', by_name: ' Northline Plumbing ', note: 'We come on Tuesday.' });
    expect(accepted.status).toBe(200);
    const { body } = await detail(plaza, made.id, demoToken);
    expect(body.data.status).toBe('Accepted');
    expect(body.data.timeline.map(({ status, by, by_name, note }) => ({ status, by, by_name, note }))).toEqual([
      { status: 'Submitted', by: 'requester', by_name: null, note: null },
      { status: 'Pending', by: 'building_team', by_name: null, note: null },
      { status: 'Accepted', by: 'building_team', by_name: 'Northline Plumbing', note: 'We come on Tuesday.' },
    ]);
    const times = body.data.timeline.map((t) => t.at);
    expect(new Set(times).size).toBe(3);
    expect([...times].sort()).toEqual(times);
    expect(body.data.updated_at).toBe(times.at(-1));
  });

  it('records the tenant’s cancel as theirs; a cancelled request is final for the team', async () => {
    const made = (await create(plaza, demoToken, good, [])).body.data!;
    const cancel = await server.call('PUT', `${base(plaza)}/service-request/${made.id}`, { token: demoToken, body: { status: 'Canceled' } });
    expect(cancel.status).toBe(200);
    const { body } = await detail(plaza, made.id, demoToken);
    expect(body.data.timeline.map((t) => [t.status, t.by])).toEqual([
      ['Submitted', 'requester'],
      ['Canceled', 'requester'],
    ]);
    expect(await teamChange(made.id, { status: 'Accepted' })).toMatchObject({ status: 409, body: { code: 'status_not_changed' } });
    expect((await detail(plaza, made.id, demoToken)).body.data.timeline).toHaveLength(2);
  });

  it('refuses the team’s change to the same status (409), an unknown request (404) and bad input (400)', async () => {
    const made = (await create(plaza, demoToken, good, [])).body.data!;
    expect(await teamChange(made.id, { status: 'Submitted' })).toMatchObject({ status: 409 });
    expect((await teamChange('00000000-0000-4000-8000-000000000000', { status: 'Accepted' })).status).toBe(404);
    for (const body of [
      { status: 'Done' },
      {},
      { status: 'Accepted', by_name: '   ' },
      { status: 'Accepted', note: 'x'.repeat(1001) },
      { status: 'Accepted', extra: 1 },
    ])
      expect((await teamChange(made.id, body)).status, JSON.stringify(body)).toBe(400);
    expect((await teamChange('not-a-uuid', { status: 'Accepted' })).status).toBe(400);
    expect((await detail(plaza, made.id, demoToken)).body.data.timeline).toHaveLength(1);
  });

  it('comes with the seeded requests: how each reached its status', async () => {
    const list = (await server.call('GET', `${base(plaza)}/requests`, { token: adminToken })).body.data as Detail[];
    const accepted = list.find((r) => r.status === 'Accepted')!;
    const { body } = await detail(plaza, accepted.id, adminToken);
    expect(body.data.timeline.map((t) => [t.status, t.by, t.by_name])).toEqual([
      ['Submitted', 'requester', null],
      ['Pending', 'building_team', null],
      ['Accepted', 'building_team', 'Northline Electrical'],
    ]);
  });
});

describe('an attacker', () => {
  it('cannot read another person’s request or photo in a building they share (404)', async () => {
    // The admin's request in Harbor Point, where Olivia is a tenant and no admin.
    const made = (await create(harbor, adminToken, good, [{ name: 'mine.png', bytes: PNG }])).body.data!;
    const [link] = (await detail(harbor, made.id, adminToken)).body.data.photos;
    expect(await detail(harbor, made.id, oliviaToken)).toMatchObject({ status: 404, body: { code: 'unknown_service_request' } });
    const got = await photo(link!.url, oliviaToken);
    expect(got.status).toBe(404);
    expect(got.bytes.includes(PNG)).toBe(false);
    // The demo person (Plaza) is no member of Harbor Point: refused before anything is looked up.
    expect((await photo(link!.url, demoToken)).status).toBe(403);
    // The same photo through a building of theirs where the request is not: not found.
    expect((await photo(link!.url.replace(harbor, plaza), demoToken)).status).toBe(404);
    expect((await photo(link!.url.replace(harbor, plaza), adminToken)).status).toBe(404);
  });

  it('cannot reach a photo through another request’s path, nor without a token', async () => {
    const first = (await create(plaza, demoToken, good, [{ name: 'a.png', bytes: PNG }])).body.data!;
    const second = (await create(plaza, demoToken, good, [])).body.data!;
    const [link] = (await detail(plaza, first.id, demoToken)).body.data.photos;
    expect((await photo(link!.url.replace(first.id, second.id), demoToken)).status).toBe(404);
    const anonymous = await server.app.inject({ method: 'GET', url: `${server.config.apiBase}${link!.url}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('cannot attach what is no photo under a photo’s name (415), and nothing of the request is stored', async () => {
    const before = await stored();
    for (const disguised of [
      { name: 'holiday.jpg', bytes: EXE, type: 'image/jpeg' },
      { name: 'scan.png', bytes: PDF, type: 'image/png' },
      { name: 'IMG_2.heic', bytes: TEXT, type: 'image/heic' },
    ]) {
      const answer = await create(plaza, demoToken, good, [{ name: 'fine.png', bytes: PNG }, disguised]);
      expect(answer.status, disguised.name).toBe(415);
      expect(answer.body).toMatchObject({ code: 'not_a_photo' });
      expect(answer.body.message).toContain(`"${disguised.name}" is not a photo`);
    }
    expect(await stored()).toEqual(before);
  });

  it('cannot attach a photo over the size limit, nor more than the count (413), and nothing is stored', async () => {
    const before = await stored();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO_BYTES + 1 - PNG.length)]);
    const tooLarge = await create(plaza, demoToken, good, [{ name: 'big.png', bytes: big }]);
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'photo_too_large' } });
    expect(tooLarge.body.message).toMatch(/at most 5 MB/);
    const many = Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }));
    const tooMany = await create(plaza, demoToken, good, many);
    expect(tooMany).toMatchObject({ status: 413, body: { code: 'too_many_photos' } });
    expect(await stored()).toEqual(before);
    // Exactly the limits pass.
    const atLimit = Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO_BYTES - PNG.length)]);
    expect((await create(plaza, demoToken, good, [{ name: 'edge.png', bytes: atLimit }])).status).toBe(201);
    expect((await create(plaza, demoToken, good, many.slice(0, MAX_PHOTOS))).status).toBe(201);
  });

  it('gains nothing by a name that climbs folders or breaks headers: the name is cleaned, the file named by its key', async () => {
    // A browser escapes quotes and line breaks in a file's name (%22, %0D%0A); a script need not: the name's quote is
    // written by hand here.
    const fields = Object.entries(good).map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const files = ['../../../etc/passwd.png', '..\\\\..\\\\boot.ini.png', 'qu\\"ote;X-Evil: 1 é.png'].map((name) =>
      Buffer.concat([
        Buffer.from(`--b\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
        Buffer.from('\r\n'),
      ]),
    );
    const response = await server.app.inject({
      method: 'POST',
      url: `${server.config.apiBase}${base(plaza)}/create`,
      headers: { 'content-type': 'multipart/form-data; boundary=b', authorization: `Bearer ${demoToken}` },
      payload: Buffer.concat([Buffer.from(fields.join('')), ...files, Buffer.from('--b--\r\n')]),
    });
    const made = { status: response.statusCode, body: response.json() as { data?: Detail } };
    expect(made.status).toBe(201);
    const { photos } = (await detail(plaza, made.body.data!.id, demoToken)).body.data;
    expect(photos.map((p) => p.filename)).toEqual(['passwd.png', 'boot.ini.png', 'qu"ote;X-Evil: 1 é.png']);
    const keys = await server.db.query<{ storage_key: string }>(
      'SELECT p.storage_key FROM service_request_photos p JOIN service_requests r ON r.id = p.request_id WHERE r.uuid = $1',
      [made.body.data!.id],
    );
    for (const { storage_key } of keys) {
      expect(storage_key).toMatch(/^[0-9a-f-]{36}$/);
      expect((await readFile(path.join(server.config.attachmentsDir, storage_key))).equals(PNG)).toBe(true);
    }
    const got = await photo(photos[2]!.url, demoToken);
    expect(got.status).toBe(200);
    expect(got.headers['x-evil']).toBeUndefined();
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="qu_ote;X-Evil: 1 _.png"; filename*=UTF-8''qu%22ote%3BX-Evil%3A%201%20%C3%A9.png`,
    );
  });

  it('gets a 4xx, never a 500, for broken or odd bodies and paths, and nothing is stored', async () => {
    const before = await stored();
    const url = `${server.config.apiBase}${base(plaza)}/create`;
    const auth = { authorization: `Bearer ${demoToken}` };
    const { payload: wrongField, contentType } = await encode(good, [{ name: 'a.png', bytes: PNG }], 'files');
    const cut = (await encode(good, [{ name: 'a.png', bytes: PNG }])).payload.subarray(0, 200);
    const cases: [Record<string, string>, string | Buffer][] = [
      [{ 'content-type': 'text/plain' }, 'category=HVAC'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'category=HVAC'],
      [{}, ''],
      [{ 'content-type': 'multipart/form-data' }, 'no boundary'],
      [{ 'content-type': 'multipart/form-data; boundary=b' }, 'garbage without parts'],
      [{ 'content-type': contentType }, cut],
      [{ 'content-type': contentType }, wrongField],
      [{ 'content-type': 'application/json' }, '{"category":'],
      [{ 'content-type': 'application/json' }, '[]'],
    ];
    for (const [headers, payload] of cases) {
      const answer = await server.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload });
      expect(answer.statusCode, `${JSON.stringify(headers)} ${String(payload).slice(0, 30)}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${JSON.stringify(headers)} ${String(payload).slice(0, 30)}`).toBeLessThan(500);
    }
    // A text field named "photos", an unknown field, a missing answer: the form's own 400s.
    expect((await create(plaza, demoToken, { ...good, photos: 'x' }, [])).status).toBe(400);
    expect(await create(plaza, demoToken, { ...good, colour: 'red' }, [])).toMatchObject({ status: 400, body: { code: 'unknown_field' } });
    expect(await create(plaza, demoToken, { ...good, description: ' ' }, [{ name: 'a.png', bytes: PNG }])).toMatchObject({
      status: 400,
      body: { code: 'missing_field' },
    });
    // Paths that are no ids.
    for (const bad of [
      `${base('not-a-uuid')}/create`,
      `${base(plaza)}/service-request/not-a-uuid`,
      `${base(plaza)}/service-request/00000000-0000-4000-8000-000000000000/photos/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      const method = bad.endsWith('/create') ? 'POST' : 'GET';
      const answer = await server.call(method, bad, { token: demoToken, ...(method === 'POST' ? { body: good } : {}) });
      expect(answer.status, bad).toBeGreaterThanOrEqual(400);
      expect(answer.status, bad).toBeLessThan(500);
    }
    const multipartToBadBuilding = await create('not-a-uuid', demoToken, good, [{ name: 'a.png', bytes: PNG }]);
    expect(multipartToBadBuilding.status).toBeGreaterThanOrEqual(400);
    expect(multipartToBadBuilding.status).toBeLessThan(500);
    expect((await create(maison, demoToken, good, [{ name: 'a.png', bytes: PNG }])).status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
