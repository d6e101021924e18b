/**
 * `npm run miniapps -- …`: the mini-app registry (table mini_apps, issue 23). It writes the database itself (the
 * server's DATABASE_URL, or its PGlite folder DATA_DIR, default .data): a PGlite folder is opened by one process at a
 * time, so stop the server first there; the server reads the registry when it starts, so restart it after a change.
 */
import { pathToFileURL } from 'node:url';
import { MINI_APP_SCOPES, DEFAULT_FRAME_SANDBOX, isMiniAppScope } from '../contracts/miniApps.js';

export const USAGE = `Usage:
  npm run miniapps -- list
  npm run miniapps -- add --name NAME --url URL --origin ORIGIN [--origin ORIGIN ...] --scope SCOPE [--scope SCOPE ...]
                          [--allow ALLOW] [--sandbox SANDBOX] [--uuid UUID]
  npm run miniapps -- remove UUID|URL
Options:
  --name     the title the mini-app's frame shows
  --url      its base URL (absolute http or https): only links under it open as this mini-app
  --origin   an exact origin whose frames may talk to the bridge (scheme, host and port; the URL's own is one); repeatable
  --scope    a granted scope, repeatable or comma-separated: ${MINI_APP_SCOPES.join(', ')}
  --allow    the frame's allow attribute (default none), e.g. "camera; clipboard-write"
  --sandbox  the frame's sandbox attribute (default "${DEFAULT_FRAME_SANDBOX}")
  --uuid     its uuid (default: a new one)
The server reads the registry when it starts: restart it after a change.`;

export class UsageError extends Error {}

export interface NewRegistration {
  name: string;
  baseUrl: string;
  origins: string[];
  scopes: string[];
  allow: string;
  sandbox: string;
  uuid?: string;
}

export type MiniAppsCommand =
  { command: 'help' } | { command: 'list' } | { command: 'add'; app: NewRegistration } | { command: 'remove'; target: string };

/** The sandbox keywords a frame may be given (HTML's list). */
const SANDBOX_TOKENS = new Set([
  'allow-downloads',
  'allow-forms',
  'allow-modals',
  'allow-orientation-lock',
  'allow-pointer-lock',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-presentation',
  'allow-same-origin',
  'allow-scripts',
  'allow-storage-access-by-user-activation',
  'allow-top-navigation-by-user-activation',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An exact http(s) origin: scheme, host and optional port, nothing else. */
export function checkedOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--origin must be an http(s) origin such as https://apps.example.com, not "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value.replace(/\/$/, '') || url.username || url.password)
    throw new UsageError(`--origin must be an exact http(s) origin (scheme, host, port; no path), not "${value}"`);
  return url.origin;
}

function checkedUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url must be an absolute http(s) address, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be an http(s) address, not "${value}"`);
  if (url.username || url.password) throw new UsageError('--url may not carry a user name or password');
  return url.href;
}

/** Reads the command line (the words after `npm run miniapps --`); throws a UsageError saying what is wrong. */
export function parseArgs(argv: readonly string[]): MiniAppsCommand {
  const words: string[] = [];
  const options: Record<string, string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '-h' || word === '--help') return { command: 'help' };
    if (!word.startsWith('--')) {
      words.push(word);
      continue;
    }
    const [flag, inline] = word.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!['name', 'url', 'origin', 'scope', 'allow', 'sandbox', 'uuid'].includes(flag)) throw new UsageError(`Unknown option --${flag}`);
    const value = inline ?? argv[++i];
    if (value === undefined || (value.startsWith('--') && inline === undefined)) throw new UsageError(`--${flag} needs a value`);
    (options[flag] ??= []).push(value);
  }
  const [command, ...rest] = words;
  const once = (flag: string) => {
    const values = options[flag];
    if (values && values.length > 1) throw new UsageError(`--${flag} may be given once`);
    return values?.[0];
  };
  const noOptions = () => {
    if (Object.keys(options).length) throw new UsageError(`${command} takes no options`);
  };
  switch (command ?? 'help') {
    case 'help':
      return { command: 'help' };
    case 'list':
      noOptions();
      if (rest.length) throw new UsageError(`Unexpected ${rest.join(' ')}`);
      return { command: 'list' };
    case 'remove': {
      noOptions();
      if (rest.length !== 1) throw new UsageError('remove needs one uuid or base URL');
      return { command: 'remove', target: rest[0]! };
    }
    case 'add': {
      if (rest.length) throw new UsageError(`Unexpected ${rest.join(' ')}`);
      const name = once('name')?.trim();
      if (!name) throw new UsageError('add needs --name');
      if (name.length > 100) throw new UsageError('--name may be 100 characters at most');
      const rawUrl = once('url');
      if (!rawUrl) throw new UsageError('add needs --url');
      const baseUrl = checkedUrl(rawUrl);
      const origins = [...new Set((options.origin ?? []).map(checkedOrigin))];
      if (!origins.length) throw new UsageError('add needs at least one --origin');
      const urlOrigin = new URL(baseUrl).origin;
      if (!origins.includes(urlOrigin)) throw new UsageError(`The URL's own origin ${urlOrigin} must be one of the --origin values`);
      const scopes = [
        ...new Set(
          (options.scope ?? [])
            .flatMap((s) => s.split(','))
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      for (const scope of scopes) if (!isMiniAppScope(scope)) throw new UsageError(`Unknown scope "${scope}". Scopes: ${MINI_APP_SCOPES.join(', ')}`);
      const allow = (once('allow') ?? '').trim();
      if (allow.length > 500 || !/^[a-z0-9\-;\s'*.:/()]*$/i.test(allow)) throw new UsageError(`--allow is not a frame allow attribute: "${allow}"`);
      const sandbox = (once('sandbox') ?? DEFAULT_FRAME_SANDBOX).trim().split(/\s+/).filter(Boolean);
      for (const token of sandbox) if (!SANDBOX_TOKENS.has(token)) throw new UsageError(`Unknown sandbox keyword "${token}"`);
      const uuid = once('uuid');
      if (uuid !== undefined && !UUID.test(uuid)) throw new UsageError(`--uuid must be a uuid, not "${uuid}"`);
      return {
        command: 'add',
        app: { name, baseUrl, origins, scopes, allow, sandbox: sandbox.join(' '), ...(uuid ? { uuid: uuid.toLowerCase() } : {}) },
      };
    }
    default:
      throw new UsageError(`Unknown command "${command}" (list, add or remove)`);
  }
}

export async function run(command: Exclude<MiniAppsCommand, { command: 'help' }>, env: NodeJS.ProcessEnv) {
  const { migrate, openDb } = await import('../server/db/index.js');
  const { addMiniApp, registeredMiniApps, removeMiniApp } = await import('../server/stores/miniApps.js');
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '.data' });
  try {
    await migrate(db);
    if (command.command === 'list') {
      for (const app of await registeredMiniApps(db))
        console.log(
          `${app.uuid}  ${app.name}\n    url ${app.baseUrl}\n    origins ${app.origins.join(' ') || '-'}\n    scopes ${app.scopes.join(' ') || '-'}\n    allow "${app.allow}"  sandbox "${app.sandbox}"`,
        );
    } else if (command.command === 'add') {
      const existing = await registeredMiniApps(db);
      if (existing.some((a) => a.baseUrl === command.app.baseUrl)) throw new UsageError(`A mini-app is registered at ${command.app.baseUrl} already`);
      if (command.app.uuid && existing.some((a) => a.uuid === command.app.uuid))
        throw new UsageError(`A mini-app has the uuid ${command.app.uuid} already`);
      const added = await addMiniApp(db, command.app);
      console.log(`Registered ${added.name} as ${added.uuid}. Restart the server to use it.`);
    } else {
      if (!(await removeMiniApp(db, command.target))) throw new UsageError(`No mini-app has the uuid or base URL ${command.target}`);
      console.log(`Removed ${command.target} (and its storage). Restart the server to stop framing it.`);
    }
  } finally {
    await db.close();
  }
}

async function main() {
  let command: MiniAppsCommand;
  try {
    command = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (command.command === 'help') {
    console.log(USAGE);
    return;
  }
  try {
    await run(command, process.env);
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : ((error as Error).message ?? error));
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
