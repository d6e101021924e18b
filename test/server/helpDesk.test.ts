/**
 * The help-desk support request (issue 12, decision 058): a real multipart body (built by FormData, as a browser
 * does), attachments checked by count, size and content, the record and files stored together or not at all, and
 * the mail to the help-desk address of the building's brand. An attacker: no token, another user's building,
 * an executable renamed .pdf. The files' bytes are streamed to the attachment folder (issue 22, decision
 * 156-streamed-attachments): five maximum-size requests at once all pass, and a refused one leaves no file there.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { servicesFixture } from './helpers.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { MAX_ATTACHMENT_BYTES } from '../../server/lib/attachments.js';

let server: TestServer;
let plaza: string;
let harbor: string;
let maison: string;
let demoToken: string;
let adminToken: string;

beforeAll(async () => {
  ({ server, plaza, harbor, maison, demoToken, adminToken } = await servicesFixture());
});
afterAll(() => server.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pdf = (size = 0) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  return size > head.length ? Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]) : head;
};
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

/** Smallest Office files: a zip with its content types and main part (made by Python's zipfile). */
const DOCX = Buffer.from(
  'UEsDBBQAAAAIAGlKeV3GEnoHrAAAAPEAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbF2Puw7CMAxFf6XKihoXBgaUlIEdGPgBK3HbiOahJBT4exKQOjBax/dcWxxfdm4Wisl4J9mWd+zYi9s7UGoKcUmyKedwAEhqIouJ+0CukMFHi7mMcYSA6o4jwa7r9qC8y+Rym6uD9eJS5NFoaq4Y8xktSQZPHzVorx62bPJiY83pF6vNkmEIs1GYy02wOP3X2fphMIrWfLWF6BWlZNxoZ74Si8Ztqh56Ad+n+g9QSwMEFAAAAAgAaUp5XSuEJhIGAAAABAAAABEAAAB3b3JkL2RvY3VtZW50LnhtbLOp0LcDAFBLAQIUAxQAAAAIAGlKeV3GEnoHrAAAAPEAAAATAAAAAAAAAAAAAACAAQAAAABbQ29udGVudF9UeXBlc10ueG1sUEsBAhQDFAAAAAgAaUp5XSuEJhIGAAAABAAAABEAAAAAAAAAAAAAAIAB3QAAAHdvcmQvZG9jdW1lbnQueG1sUEsFBgAAAAACAAIAgAAAABIBAAAAAA==',
  'base64',
);
const XLSX = Buffer.from(
  'UEsDBBQAAAAIAGlKeV10vYL2rgAAAOkAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbF2PsQ7CMAxEf6XKihoXBgbUloEdGPgBk7o0ahNHiSnl70lhYzpZp3t3ro+Lm4qZYrLsG7XVlTq29e0dKBXZ8alRg0g4ACQzkMOkOZDPTs/RoeQzPiCgGfFBsKuqPRj2Ql5KWRmqrS8ZHm1HxRWjnNFRo2CZ4MVxvDOPOrNUcfqF1t5GYQiTNSh5Ecy++2ssue+toY7N0+WITiESdmkgEjfpr2qH1m9WMLQ1fJ9pP1BLAwQUAAAACABpSnldK4QmEgYAAAAEAAAADwAAAHhsL3dvcmtib29rLnhtbLOp0LcDAFBLAQIUAxQAAAAIAGlKeV10vYL2rgAAAOkAAAATAAAAAAAAAAAAAACAAQAAAABbQ29udGVudF9UeXBlc10ueG1sUEsBAhQDFAAAAAgAaUp5XSuEJhIGAAAABAAAAA8AAAAAAAAAAAAAAIAB3wAAAHhsL3dvcmtib29rLnhtbFBLBQYAAAAAAgACAH4AAAASAQAAAAA=',
  'base64',
);
/** A macro-enabled Word file. */
const DOCM = Buffer.from(
  'UEsDBBQAAAAIAGlKeV1W4zNKpgAAANcAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbD2OOw7CMBBEr2K5RfEGCgrkJAWiBQousNhLYhF/ZJsAt8cGiXI1+96MHF52ZgvFZLzr+Fq0fOjl5R0osZK41PEp57ADSGoii0n4QK4kNx8t5nLGEQKqO44Em7bdgvIuk8tNrg7ey1ORR6OJnTHmI1rqODx91KC9etjyKYqNs/0Pq80dxxBmozCXTbA4LWxqKiL+iEUV/cHhdaaSonGrKoFewnd6/wFQSwMEFAAAAAgAaUp5XSuEJhIGAAAABAAAABEAAAB3b3JkL2RvY3VtZW50LnhtbLOp0LcDAFBLAQIUAxQAAAAIAGlKeV1W4zNKpgAAANcAAAATAAAAAAAAAAAAAACAAQAAAABbQ29udGVudF9UeXBlc10ueG1sUEsBAhQDFAAAAAgAaUp5XSuEJhIGAAAABAAAABEAAAAAAAAAAAAAAIAB1wAAAHdvcmQvZG9jdW1lbnQueG1sUEsFBgAAAAACAAIAgAAAAAwBAAAAAA==',
  'base64',
);
/** An old Office file: a Compound File Binary header. */
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016)]);
type File = { name: string; bytes: Buffer; type?: string };
const fields = { issue_type: 'building', subject: 'The lift is stuck', description: 'Lift B stops between floors 3 and 4.' };

/** Posts the form as a browser would: FormData encoded by the platform's own multipart writer. */
async function send(values: Record<string, string | undefined>, files: File[], token?: string, host?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  const encoded = new Response(form);
  const response = await server.app.inject({
    method: 'POST',
    url: `${server.config.apiBase}/helpdesk-service/v1/records/create`,
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(host ? { host } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() as { data?: any; message?: string; code?: string } };
}

/** The names of the files in a server's attachment folder (none before its first upload). */
const filesOnDisk = async (of: TestServer = server) => (await readdir(of.config.attachmentsDir).catch(() => [])).sort();

/** What is stored: record and file rows, and the files in the attachment folder. */
const stored = async () => {
  const [row] = await server.db.query<{ records: number; files: number }>(
    'SELECT (SELECT count(*)::int FROM help_desk_records) AS records, (SELECT count(*)::int FROM help_desk_files) AS files',
  );
  return { ...row!, onDisk: await filesOnDisk() };
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A record's file rows in order, with the bytes of each read back from the attachment folder. */
async function storedFiles(of: TestServer, recordUuid: string) {
  const files = await of.db.query<{ filename: string; size: number; storage_key: string; sha256: string; content: unknown }>(
    `SELECT f.filename, f.size, f.storage_key, f.sha256, f.content FROM help_desk_files f JOIN help_desk_records r ON r.id = f.record_id
      WHERE r.uuid = $1 ORDER BY f.position`,
    [recordUuid],
  );
  return Promise.all(files.map(async (file) => ({ ...file, bytes: await readFile(path.join(of.config.attachmentsDir, file.storage_key)) })));
}
const mails = async (to: string) =>
  await server.db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM dev_mail WHERE to_address = $1 ORDER BY id', [to]);

describe('a support request', () => {
  it('stores the record with two attachments (types read from the content) and mails the building brand’s help desk', async () => {
    const before = await stored();
    // Harbor Point's portfolio (Harbor Estates) takes categories instead of natures.
    const answer = await send(
      { ...fields, issue_type: 'maintenance', building_uuid: harbor, os_name: 'macOS', application_name: 'Atrium web' },
      [
        { name: 'photo.png', bytes: PNG, type: 'application/octet-stream' },
        { name: 'Report.PDF', bytes: pdf() },
      ],
      adminToken,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data.files).toEqual([
      { filename: 'photo.png', type: 'image/png', size: PNG.length },
      { filename: 'Report.PDF', type: 'application/pdf', size: pdf().length },
    ]);
    expect(await stored()).toMatchObject({ records: before.records + 1, files: before.files + 2 });
    expect((await stored()).onDisk).toHaveLength(before.onDisk.length + 2);
    const [record] = await server.db.query<{ issue_type: string; subject: string; mailed_to: string; details: Record<string, string> }>(
      'SELECT issue_type, subject, mailed_to, details FROM help_desk_records WHERE uuid = $1',
      [answer.body.data.uuid],
    );
    // Harbor Point is a Harbor brand building: its help desk, not the host's (localhost is Atrium's).
    expect(record).toMatchObject({ issue_type: 'maintenance', subject: 'The lift is stuck', mailed_to: 'help@harbor.localhost' });
    expect(record!.details).toMatchObject({ os_name: 'macOS', application_name: 'Atrium web', building_name: 'Harbor Point' });
    // The bytes are in the attachment folder, named by the row's key, with their hash; none in the database.
    const [png, report] = await storedFiles(server, answer.body.data.uuid);
    expect(png).toMatchObject({ filename: 'photo.png', size: PNG.length, sha256: sha256(PNG), content: null });
    expect(png!.bytes.equals(PNG)).toBe(true);
    expect(report!.bytes.equals(pdf())).toBe(true);
    const mail = (await mails('help@harbor.localhost')).at(-1)!;
    expect(mail.subject).toBe('[Help desk] The lift is stuck');
    expect(mail.text_body).toContain(answer.body.data.uuid);
    expect(mail.text_body).toContain('photo.png (image/png');
    expect(mail.text_body).toContain('admin@globex.example');
  });

  it('carries the building’s asset and portfolio; one portfolio takes its categories, the others the natures', async () => {
    const detail = async (uuid: string) => (await server.call('GET', `/tenant/v1/buildings/${uuid}`, { token: adminToken })).body.data;
    const plazaBuilding = await detail(plaza);
    const natures = await send(
      { ...fields, issue_type: 'app', building_uuid: plaza, asset_uuid: plazaBuilding.asset_uuid, portfolio_uuid: plazaBuilding.portfolio_uuid },
      [],
      adminToken,
    );
    expect(natures.status, natures.body.message).toBe(201);
    const harborBuilding = await detail(harbor);
    const categories = await send(
      {
        ...fields,
        issue_type: 'security',
        building_uuid: harbor,
        asset_uuid: harborBuilding.asset_uuid,
        portfolio_uuid: harborBuilding.portfolio_uuid,
        building_name: 'Harbor Point',
      },
      [],
      adminToken,
    );
    expect(categories.status, categories.body.message).toBe(201);
    const records = await server.db.query<{ uuid: string; issue_type: string; details: Record<string, string> }>(
      'SELECT uuid::text, issue_type, details FROM help_desk_records WHERE uuid IN ($1, $2)',
      [natures.body.data.uuid, categories.body.data.uuid],
    );
    expect(records.find((r) => r.uuid === natures.body.data.uuid)).toMatchObject({
      issue_type: 'app',
      details: { asset_uuid: plazaBuilding.asset_uuid, portfolio_uuid: plazaBuilding.portfolio_uuid },
    });
    expect(records.find((r) => r.uuid === categories.body.data.uuid)).toMatchObject({
      issue_type: 'security',
      details: { asset_uuid: harborBuilding.asset_uuid, portfolio_uuid: harborBuilding.portfolio_uuid, building_name: 'Harbor Point' },
    });
    expect((await mails('help@harbor.localhost')).at(-1)!.text_body).toContain('Nature: security');
  });

  it('without a building, mails the help desk of the brand of the person’s own building', async () => {
    const answer = await send({ ...fields, issue_type: 'web' }, [], demoToken);
    expect(answer.status).toBe(201);
    expect((await mails('help@atrium.localhost')).at(-1)!.text_body).toContain(answer.body.data.uuid);
  });

  it('never follows the request’s Host to another brand’s help desk (an attacker’s header)', async () => {
    const harborBefore = (await mails('help@harbor.localhost')).length;
    const answer = await send({ ...fields, issue_type: 'web', subject: 'Sent through another host' }, [], demoToken, 'harbor.localhost');
    expect(answer.status).toBe(201);
    expect(await mails('help@harbor.localhost')).toHaveLength(harborBefore);
    expect((await mails('help@atrium.localhost')).at(-1)!.text_body).toContain(answer.body.data.uuid);
    const [record] = await server.db.query<{ mailed_to: string }>('SELECT mailed_to FROM help_desk_records WHERE uuid = $1', [answer.body.data.uuid]);
    expect(record!.mailed_to).toBe('help@atrium.localhost');
  });
  it('takes docx, xlsx and an old .doc by their content', async () => {
    const answer = await send(
      fields,
      [
        { name: 'notes.docx', bytes: DOCX },
        { name: 'costs.xlsx', bytes: XLSX },
        { name: 'old.doc', bytes: CFB },
      ],
      demoToken,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data.files.map((f: { type: string }) => f.type)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/msword',
    ]);
  });

  it('keeps a subject with line breaks on one line in the mail (no header can be added)', async () => {
    const answer = await send({ ...fields, subject: 'Broken\r\nBcc: someone@evil.example\nlift' }, [], demoToken);
    expect(answer.status).toBe(201);
    const mail = (await mails('help@atrium.localhost')).at(-1)!;
    expect(mail.subject).toBe('[Help desk] Broken Bcc: someone@evil.example lift');
    expect(await mails('someone@evil.example')).toEqual([]);
  });
});

describe('refused, storing nothing', () => {
  const refused = async (values: Record<string, string | undefined>, files: File[], status: number, message: RegExp, token = demoToken) => {
    const before = await stored();
    const answer = await send(values, files, token);
    expect(answer.status, answer.body.message).toBe(status);
    expect(answer.body.message).toMatch(message);
    expect(await stored()).toEqual(before);
  };

  it('six files (400)', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `page-${i}.pdf`, bytes: pdf() }));
    await refused({ ...fields, building_uuid: plaza }, six, 400, /At most 5 files/);
  });

  it('a file over 5 MB (413), even after a good one', async () => {
    await refused(
      { ...fields, building_uuid: plaza },
      [
        { name: 'ok.pdf', bytes: pdf() },
        { name: 'big.pdf', bytes: pdf(MAX_ATTACHMENT_BYTES + 1) },
      ],
      413,
      /at most 5 MB/,
    );
  });

  it('an executable named .pdf, an ELF named .png, a PNG named .pdf, a script (415)', async () => {
    await refused({ ...fields }, [{ name: 'invoice.pdf', bytes: EXE }], 415, /"invoice\.pdf" is not a pdf file \(its content is exe\)/);
    await refused(
      { ...fields },
      [
        { name: 'ok.pdf', bytes: pdf() },
        { name: 'cat.png', bytes: ELF },
      ],
      415,
      /"cat\.png" is not a png file/,
    );
    await refused({ ...fields }, [{ name: 'scan.pdf', bytes: PNG }], 415, /its content is png/);
    await refused({ ...fields }, [{ name: 'run.sh', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') }], 415, /not an allowed type/);
  });

  it('a macro-enabled Word file named .docx, an old Office container named .xlsx (415)', async () => {
    await refused({ ...fields }, [{ name: 'notes.docx', bytes: DOCM }], 415, /its content is docm/);
    await refused({ ...fields }, [{ name: 'costs.xlsx', bytes: CFB }], 415, /its content is cfb/);
  });

  it('a missing or blank subject, an unknown nature, an unknown field (400)', async () => {
    await refused({ ...fields, subject: undefined }, [{ name: 'a.pdf', bytes: pdf() }], 400, /subject/);
    await refused({ ...fields, subject: '   ' }, [], 400, /subject/);
    await refused({ ...fields, issue_type: 'plumbing' }, [], 400, /issue_type/);
    await refused({ ...fields, secret: 'x' }, [], 400, /additional properties/);
  });

  it('a nature where the portfolio takes categories, a category where it takes natures, another building’s portfolio or asset (400)', async () => {
    const harborBuilding = (await server.call('GET', `/tenant/v1/buildings/${harbor}`, { token: adminToken })).body.data;
    const plazaBuilding = (await server.call('GET', `/tenant/v1/buildings/${plaza}`, { token: adminToken })).body.data;
    await refused(
      { ...fields, building_uuid: harbor },
      [{ name: 'a.pdf', bytes: pdf() }],
      400,
      /maintenance, cleaning, security, access, other/,
      adminToken,
    );
    await refused({ ...fields, issue_type: 'cleaning', building_uuid: plaza }, [], 400, /web, building, app/);
    // Without a building the person's own (the demo tenant's: One Atrium Plaza) decides: natures.
    await refused({ ...fields, issue_type: 'cleaning' }, [], 400, /web, building, app/);
    // An attacker naming another portfolio or asset for their building (to route the request elsewhere).
    await refused({ ...fields, building_uuid: plaza, portfolio_uuid: harborBuilding.portfolio_uuid }, [], 400, /portfolio_uuid/);
    await refused({ ...fields, building_uuid: plaza, asset_uuid: harborBuilding.asset_uuid }, [], 400, /asset_uuid/);
    await refused({ ...fields, building_uuid: plaza, asset_uuid: plazaBuilding.portfolio_uuid }, [], 400, /asset_uuid/);
  });

  it('no token (401), a building the caller does not belong to (403), a JSON body (415)', async () => {
    await refused(fields, [{ name: 'a.pdf', bytes: pdf() }], 401, /Sign-in is required/, '');
    await refused({ ...fields, building_uuid: maison }, [{ name: 'a.pdf', bytes: pdf() }], 403, /do not have access/);
    const json = await server.call('POST', '/helpdesk-service/v1/records/create', { token: demoToken, body: fields });
    expect(json.status).toBe(415);
  });
});

describe('a malformed body', () => {
  it('answers 4xx, never 500, to broken multipart', async () => {
    const before = await stored();
    const post = (contentType: string, payload: string) =>
      server.app.inject({
        method: 'POST',
        url: `${server.config.apiBase}/helpdesk-service/v1/records/create`,
        headers: { 'content-type': contentType, authorization: `Bearer ${demoToken}` },
        payload,
      });
    const cut = '--b\r\ncontent-disposition: form-data; name="subject"\r\n\r\nHello';
    const fileInWrongField =
      '--b\r\ncontent-disposition: form-data; name="photo"; filename="a.png"\r\ncontent-type: image/png\r\n\r\nxx\r\n--b--\r\n';
    const badJson = '--b\r\ncontent-disposition: form-data; name="subject"\r\ncontent-type: application/json\r\n\r\n{nope\r\n--b--\r\n';
    for (const [type, payload] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=b', 'garbage without parts'],
      ['multipart/form-data; boundary=b', cut],
      ['multipart/form-data; boundary=b', fileInWrongField],
      ['multipart/form-data; boundary=b', badJson],
    ] as const) {
      const answer = await post(type, payload);
      expect(answer.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, payload).toBeLessThan(500);
      expect(answer.json().message, payload).toBeTruthy();
    }
    expect(await stored()).toEqual(before);
  });
});

describe('over a real socket', () => {
  let listening: TestServer;
  beforeAll(async () => {
    listening = await startTestServer({}, { listen: true });
  });
  afterAll(() => listening.close());

  it('takes a browser’s FormData through fetch, and answers a clear 4xx to six files and to an oversized one', async () => {
    const token = (await listening.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
    const post = async (files: File[]) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
      const response = await fetch(`${listening.config.publicOrigin}${listening.config.apiBase}/helpdesk-service/v1/records/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    expect((await post([{ name: 'a.png', bytes: PNG }])).status).toBe(201);
    const six = await post(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.pdf`, bytes: pdf(100_000) })));
    expect(six).toMatchObject({ status: 400, body: { message: expect.stringMatching(/At most 5 files/) } });
    const big = await post([{ name: 'big.pdf', bytes: pdf(MAX_ATTACHMENT_BYTES + 1) }]);
    expect(big).toMatchObject({ status: 413, body: { message: expect.stringMatching(/at most 5 MB/) } });
    const [row] = await listening.db.query<{ n: number }>('SELECT count(*)::int AS n FROM help_desk_records');
    expect(row!.n).toBe(1);
  });
});

describe('maximum-size uploads, streamed to disk (issue 22)', () => {
  let listening: TestServer;
  let token: string;
  beforeAll(async () => {
    listening = await startTestServer({}, { listen: true });
    token = (await listening.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  });
  afterAll(() => listening.close());

  /** A PDF of exactly `size` bytes whose body does not repeat, so each file's hash is its own. */
  const randomPdf = (size: number) => {
    const head = Buffer.from('%PDF-1.7\n');
    return Buffer.concat([head, randomBytes(size - head.length)]);
  };
  /** The form encoded once by the platform's FormData, to send as often as wanted. */
  const encode = async (files: File[]) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
    const encoded = new Response(form);
    return { contentType: encoded.headers.get('content-type')!, body: Buffer.from(await encoded.arrayBuffer()) };
  };
  const post = async (form: { contentType: string; body: Buffer }) => {
    const response = await fetch(`${listening.config.publicOrigin}${listening.config.apiBase}/helpdesk-service/v1/records/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
      body: new Blob([new Uint8Array(form.body)]),
    });
    return { status: response.status, body: (await response.json()) as { data?: { uuid: string; files: { size: number }[] }; message?: string } };
  };
  const records = async () => (await listening.db.query<{ n: number }>('SELECT count(*)::int AS n FROM help_desk_records'))[0]!.n;

  // Three at once here (75 MB); the upload benchmark (scripts/uploadBench.ts) sends five beside the health check.
  it('takes three support requests of five 5 MB files at once, every file on disk with its hash and none in the database', async () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `scan-${i + 1}.pdf`, bytes: randomPdf(MAX_ATTACHMENT_BYTES) }));
    const form = await encode(files);
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(form)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    for (const answer of answers) {
      expect(answer.body.data!.files.map((f) => f.size)).toEqual(files.map(() => MAX_ATTACHMENT_BYTES));
      const kept = await storedFiles(listening, answer.body.data!.uuid);
      expect(kept.map((f) => [f.filename, f.size, f.sha256, f.content])).toEqual(
        files.map((f) => [f.name, MAX_ATTACHMENT_BYTES, sha256(f.bytes), null]),
      );
      expect(kept.map((f) => sha256(f.bytes))).toEqual(files.map((f) => sha256(f.bytes)));
    }
    expect(await filesOnDisk(listening)).toHaveLength(15);
  });

  it('answers 413 to a file over 5 MB and 415 to a large executable named .pdf, each after a good file, and leaves no file behind', async () => {
    const before = { records: await records(), onDisk: await filesOnDisk(listening) };
    const good = { name: 'ok.pdf', bytes: randomPdf(1024 * 1024) };
    const tooLarge = await post(await encode([good, { name: 'big.pdf', bytes: randomPdf(MAX_ATTACHMENT_BYTES + 1) }]));
    expect(tooLarge).toMatchObject({ status: 413, body: { message: 'Each file must be at most 5 MB' } });
    const executable = Buffer.concat([Buffer.from('MZ'), randomBytes(MAX_ATTACHMENT_BYTES - 2)]);
    const wrongType = await post(await encode([good, { name: 'invoice.pdf', bytes: executable }]));
    expect(wrongType).toMatchObject({
      status: 415,
      body: { message: expect.stringMatching(/"invoice\.pdf" is not a pdf file \(its content is exe\)/) },
    });
    expect({ records: await records(), onDisk: await filesOnDisk(listening) }).toEqual(before);
  });

  it('removes the part of a file already on disk when the client goes away mid-upload', async () => {
    const before = { records: await records(), onDisk: await filesOnDisk(listening) };
    const form = await encode([{ name: 'scan.pdf', bytes: randomPdf(MAX_ATTACHMENT_BYTES) }]);
    const { port } = new URL(listening.config.publicOrigin);
    const socket = connect(Number(port), 'localhost');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${listening.config.apiBase}/helpdesk-service/v1/records/create HTTP/1.1\r\nHost: localhost:${port}\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: ${form.contentType}\r\nContent-Length: ${form.body.length}\r\n\r\n`,
    );
    socket.write(form.body.subarray(0, 2 * 1024 * 1024));
    // The file is being written …
    await expect.poll(() => filesOnDisk(listening), { timeout: 10_000 }).toHaveLength(before.onDisk.length + 1);
    socket.destroy();
    // … and is gone once the server has seen the client leave; no record was made.
    await expect.poll(() => filesOnDisk(listening), { timeout: 10_000 }).toEqual(before.onDisk);
    expect(await records()).toBe(before.records);
  });
});
