/**
 * The help-desk support request (issue 12, decision 058): a real multipart body (built by FormData, as a browser
 * does), attachments checked by count, size and content, the record and files stored together or not at all, and
 * the mail to the help-desk address of the building's brand. An attacker: no token, another user's building,
 * an executable renamed .pdf.
 */
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

const stored = async () => {
  const [row] = await server.db.query<{ records: number; files: number }>(
    'SELECT (SELECT count(*)::int FROM help_desk_records) AS records, (SELECT count(*)::int FROM help_desk_files) AS files',
  );
  return row!;
};
const mails = async (to: string) =>
  await server.db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM dev_mail WHERE to_address = $1 ORDER BY id', [to]);

describe('a support request', () => {
  it('stores the record with two attachments (types read from the content) and mails the building brand’s help desk', async () => {
    const before = await stored();
    const answer = await send(
      { ...fields, building_uuid: harbor, os_name: 'macOS', application_name: 'Atrium web' },
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
    expect(await stored()).toEqual({ records: before.records + 1, files: before.files + 2 });
    const [record] = await server.db.query<{ issue_type: string; subject: string; mailed_to: string; details: Record<string, string> }>(
      'SELECT issue_type, subject, mailed_to, details FROM help_desk_records WHERE uuid = $1',
      [answer.body.data.uuid],
    );
    // Harbor Point is a Harbor brand building: its help desk, not the host's (localhost is Atrium's).
    expect(record).toMatchObject({ issue_type: 'building', subject: 'The lift is stuck', mailed_to: 'help@harbor.localhost' });
    expect(record!.details).toMatchObject({ os_name: 'macOS', application_name: 'Atrium web', building_name: 'Harbor Point' });
    const [file] = await server.db.query<{ content: Uint8Array }>(
      'SELECT f.content FROM help_desk_files f JOIN help_desk_records r ON r.id = f.record_id WHERE r.uuid = $1 AND f.position = 0',
      [answer.body.data.uuid],
    );
    expect(Buffer.from(file!.content).equals(PNG)).toBe(true);
    const mail = (await mails('help@harbor.localhost')).at(-1)!;
    expect(mail.subject).toBe('[Help desk] The lift is stuck');
    expect(mail.text_body).toContain(answer.body.data.uuid);
    expect(mail.text_body).toContain('photo.png (image/png');
    expect(mail.text_body).toContain('admin@globex.example');
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
