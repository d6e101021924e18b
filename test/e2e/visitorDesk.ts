import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { apiSignIn } from './api';
import { baseURL, mailbox } from './browser';
import type { TenantPerson } from './tenant';

/**
 * Helpers of the lobby kiosk's visitor desk browser test (test/e2e/visitorCheckIn.test.ts): a guest invited as the
 * visitors mini-app invites one (its own token), the pass read from the development mailbox, a kiosk account, and a
 * Chromium whose camera shows a video the test writes.
 */

/** The visitors mini-app (server/db/seed.ts): its uuid and where it is served, on the mini-app origin. */
export const VISITORS_APP = '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e01';
const visitorsBaseUrl = () => `${baseURL().replace('//localhost', '//apps.localhost')}/mfe-visitors/`;

export interface Visit {
  uuid: string;
  guest_name: string;
  state: 'expected' | 'arrived' | 'left' | 'cancelled';
  pass_active: boolean;
  date: string;
  start_time: string;
  end_time: string;
  ends_at: string;
}

/** A host as the visitors mini-app calls the API: with the short-lived token the bridge's getJWT hands it. */
export async function visitorsApp(host: TenantPerson, building: string) {
  const person = await apiSignIn(host.email, host.password);
  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const answer = await fetch(`${baseURL()}/api/tenant/v1/apps/${VISITORS_APP}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ building_uuid: building, base_url: visitorsBaseUrl() }),
    });
    if (!answer.ok) throw new Error(`mini-app token: ${answer.status} ${await answer.text()}`);
    const { session } = (await answer.json()) as { session: { token: string } };
    const res = await fetch(`${baseURL()}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${session.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  return {
    invite: (visit: { guest_name: string; guest_email: string; date: string; start_time: string; end_time: string }) =>
      call<Visit>('/tenant/v1/visits', { method: 'POST', body: visit }),
    visits: async () => {
      const { upcoming, past } = await call<{ upcoming: Visit[]; past: Visit[] }>('/tenant/v1/visits');
      return [...upcoming, ...past];
    },
  };
}

/** The pass code in the newest mail to a guest, with the QR picture the mail carries for it. */
export async function passFromMailbox(guestEmail: string): Promise<{ code: string; html: string }> {
  const [mail] = (await mailbox(guestEmail)) as { text: string; html?: string | null }[];
  const code = /pass code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no pass in the mailbox of ${guestEmail}`);
  return { code, html: mail?.html ?? '' };
}

/**
 * Moves an expected visit an hour into the past, as if its time were over, and has its new pass mailed (the
 * development route; the API refuses a window that is over). Read the pass from the mailbox afterwards.
 */
export async function visitOver(visitUuid: string): Promise<void> {
  const answer = await fetch(`${baseURL()}/api/dev/visits/${visitUuid}/over`, { method: 'POST' });
  if (!answer.ok) throw new Error(`moving visit ${visitUuid} into the past: ${answer.status} ${await answer.text()}`);
}

/** Makes a person of a building its visitor kiosk (the development route; an operator does it in production). */
export async function makeKiosk(person: TenantPerson, building: string): Promise<void> {
  const answer = await fetch(`${baseURL()}/api/dev/permissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: person.email, building_uuid: building, permission: 'visitor-kiosk' }),
  });
  if (!answer.ok) throw new Error(`kiosk permission: ${answer.status} ${await answer.text()}`);
}

/** The day and the time of day now in a time zone (`YYYY-MM-DD`, hours and minutes). */
export function localNow(timeZone: string, at = new Date()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** A time zone where it is now well inside the day (a visit ending within minutes stays on today). */
export function daytimeZone(): string {
  return ['UTC', 'Asia/Tokyo', 'America/New_York', 'Australia/Sydney'].find((zone) => {
    const { hour } = localNow(zone);
    return hour >= 2 && hour <= 21;
  })!;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Today's window from an hour ago to two hours on, in a time zone (valid now). */
export function currentWindow(timeZone: string) {
  const now = localNow(timeZone);
  const minutes = now.hour * 60 + now.minute;
  return { date: now.date, start_time: hhmm(minutes - 60), end_time: hhmm(Math.min(minutes + 120, 23 * 60 + 59)) };
}

/**
 * A YUV4MPEG2 video (4:2:0) of a QR code of `text`, black on white in the middle of a 640×480 picture, as Chromium's
 * fake camera plays it (`--use-file-for-fake-video-capture`); its few frames loop.
 */
export async function writeQrVideo(file: string, text: string): Promise<void> {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(360 / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 0x30); // a dim grey room around the white pass
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col) === 1;
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, frame, frame, frame]));
}

/** A Chromium of its own whose camera (permission granted) shows the video file. */
export function cameraBrowser(videoFile: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      ...CHROMIUM_FLAGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
}

/** Counts the camera streams the page opens and tells which are still running (to prove the camera stops). */
export async function watchCameraStreams(page: Page): Promise<() => Promise<{ opened: number; live: number }>> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __cameraStreams: MediaStream[] }).__cameraStreams = streams;
    const media = navigator.mediaDevices;
    if (!media) return;
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  return () =>
    page.evaluate(() => {
      const streams = (window as unknown as { __cameraStreams: MediaStream[] }).__cameraStreams ?? [];
      return { opened: streams.length, live: streams.filter((s) => s.getTracks().some((t) => t.readyState === 'live')).length };
    });
}
