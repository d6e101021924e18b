/**
 * `npm run flags -- …`: changes feature flags through the running server's admin endpoint, so every open app hears of
 * the change at once. PGlite's data folder must be opened by one process at a time, so the server is the way in.
 * With DATABASE_URL (Postgres), when no server answers and no --url was given, the change goes straight into the
 * database: servers on it notice within a second (they poll the change log), and a server started later reads it.
 */
import { pathToFileURL } from 'node:url';
import { FLAG_DEFAULTS, type FlagName } from '../contracts/flags.js';

export const USAGE = `Usage:
  npm run flags -- list                                   every flag: default, global value, building overrides
  npm run flags -- set NAME on|off [--building UUID]      set a flag globally, or for one building
  npm run flags -- unset NAME [--building UUID]           remove a global value (back to the default) or an override
Options:
  --url URL      the running server (default http://localhost:$PORT, PORT defaulting to 8080)
  --token TOKEN  the admin token (default $FLAGS_ADMIN_TOKEN; not needed on this machine outside production)`;

interface Target {
  /** Server origin, without the API base. */
  url: string;
  /** True when --url was given: then the command never falls back to the database. */
  urlGiven: boolean;
  token: string | null;
}

export type FlagsCommand =
  | ({ command: 'list' } & Target)
  | ({ command: 'set'; name: FlagName; value: boolean; building: string | null } & Target)
  | ({ command: 'unset'; name: FlagName; building: string | null } & Target)
  | { command: 'help' };

export class UsageError extends Error {}

const VALUES: Record<string, boolean> = { on: true, off: false, true: true, false: false };

/** Reads the command line (the words after `npm run flags --`); throws a UsageError saying what is wrong. */
export function parseArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): FlagsCommand {
  const words: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '-h' || word === '--help') return { command: 'help' };
    if (!word.startsWith('--')) {
      words.push(word);
      continue;
    }
    const [flag, inline] = word.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!['building', 'url', 'token'].includes(flag)) throw new UsageError(`Unknown option --${flag}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`--${flag} needs a value`);
    options[flag] = value;
  }

  const [command, ...rest] = words;
  if (!command || command === 'help') return { command: 'help' };
  const url = (options.url ?? `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(url)) throw new UsageError(`--url must be an http(s) address, not "${url}"`);
  const target: Target = { url, urlGiven: options.url !== undefined, token: options.token ?? (env.FLAGS_ADMIN_TOKEN || null) };
  const building = options.building ?? null;
  if (building !== null && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(building)) {
    throw new UsageError(`--building must be a building uuid, not "${building}"`);
  }

  const flagName = (name: string | undefined): FlagName => {
    if (!name) throw new UsageError(`${command} needs a flag name`);
    if (!Object.prototype.hasOwnProperty.call(FLAG_DEFAULTS, name)) {
      throw new UsageError(`Unknown flag "${name}". Known flags: ${Object.keys(FLAG_DEFAULTS).join(', ')}`);
    }
    return name as FlagName;
  };
  const noMore = (extra: string[]) => {
    if (extra.length) throw new UsageError(`Unexpected ${extra.map((w) => `"${w}"`).join(' ')}`);
  };

  switch (command) {
    case 'list':
      noMore(rest);
      if (building !== null) throw new UsageError('list takes no --building');
      return { command: 'list', ...target };
    case 'set': {
      const [name, value, ...extra] = rest;
      const flag = flagName(name);
      if (value === undefined) throw new UsageError('set needs a value: on or off');
      const parsed = VALUES[value.toLowerCase()];
      if (parsed === undefined) throw new UsageError(`The value must be on or off, not "${value}"`);
      noMore(extra);
      return { command: 'set', name: flag, value: parsed, building, ...target };
    }
    case 'unset': {
      const [name, ...extra] = rest;
      const flag = flagName(name);
      noMore(extra);
      return { command: 'unset', name: flag, building, ...target };
    }
    default:
      throw new UsageError(`Unknown command "${command}" (list, set or unset)`);
  }
}

type Runnable = Exclude<FlagsCommand, { command: 'help' }>;

/** The request the command makes of the server's admin endpoint. */
export function requestFor(
  command: Runnable,
  env: Record<string, string | undefined> = {},
): { method: string; url: string; headers: Record<string, string>; body?: string } {
  const base = `${command.url}${env.API_BASE ?? '/api'}/admin/flags`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (command.token) headers.authorization = `Bearer ${command.token}`;
  if (env.API_KEY) headers['x-api-key'] = env.API_KEY;
  switch (command.command) {
    case 'list':
      return { method: 'GET', url: base, headers };
    case 'set':
      return {
        method: 'PUT',
        url: `${base}/${encodeURIComponent(command.name)}`,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ value: command.value, building_uuid: command.building }),
      };
    case 'unset':
      return {
        method: 'DELETE',
        url: `${base}/${encodeURIComponent(command.name)}${command.building ? `?building_uuid=${encodeURIComponent(command.building)}` : ''}`,
        headers,
      };
  }
}

interface Listing {
  version: number;
  flags: { name: string; default: boolean; value: boolean | null; overrides: { building_uuid: string; building_name: string; value: boolean }[] }[];
}

const onOff = (value: boolean | null) => (value === null ? '-' : value ? 'on' : 'off');

function printListing(listing: Listing) {
  const width = Math.max(...listing.flags.map((f) => f.name.length));
  console.log(`${'flag'.padEnd(width)}  default  global  overrides   (version ${listing.version})`);
  for (const flag of listing.flags) {
    const overrides = flag.overrides.map((o) => `${o.building_name} (${o.building_uuid}): ${onOff(o.value)}`).join('; ');
    console.log(`${flag.name.padEnd(width)}  ${onOff(flag.default).padEnd(7)}  ${onOff(flag.value).padEnd(6)}  ${overrides}`);
  }
}

function changeSummary(command: Runnable, version: number) {
  const where = command.command !== 'list' && command.building ? `for building ${command.building}` : 'globally';
  if (command.command === 'set') return `${command.name} is ${onOff(command.value)} ${where} (version ${version})`;
  if (command.command === 'unset') return `${command.name} has no value ${where} any more (version ${version})`;
  return '';
}

const unreachable = (error: unknown) => {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH';
};

async function throughServer(command: Runnable, env: Record<string, string | undefined>): Promise<void> {
  const request = requestFor(command, env);
  const response = await fetch(request.url, { method: request.method, headers: request.headers, ...(request.body ? { body: request.body } : {}) });
  const body = (await response.json().catch(() => ({}))) as { data?: unknown; message?: string };
  if (!response.ok) throw new UsageError(`The server answered ${response.status}: ${body.message ?? response.statusText}`);
  if (command.command === 'list') printListing(body.data as Listing);
  else console.log(changeSummary(command, (body.data as { version: number }).version));
}

/** Tells the running servers of a change through their shared event bus (they do not poll the database with Redis). */
export async function publishOnRedis(version: number, url: string, prefix: string): Promise<void> {
  const { openRedisEventBus } = await import('../server/lib/redisEventBus.js');
  const { FLAGS_CHANNEL } = await import('../server/routes/flags.js');
  const bus = await openRedisEventBus(url, { prefix });
  try {
    await bus.publish(FLAGS_CHANNEL, 'flags.changed', { version });
  } finally {
    await bus.close();
  }
}

async function intoDatabase(command: Runnable, env: Record<string, string | undefined>): Promise<void> {
  const { migrate, openDb } = await import('../server/db/index.js');
  const { FlagStore } = await import('../server/lib/flags.js');
  const { systemClock } = await import('../server/lib/clock.js');
  const db = await openDb({ databaseUrl: env.DATABASE_URL });
  try {
    await migrate(db);
    const store = new FlagStore(db, systemClock);
    if (command.command === 'list') {
      printListing(await store.list());
      return;
    }
    const change =
      command.command === 'set'
        ? await store.set(command.name, command.value, command.building, 'cli')
        : await store.unset(command.name, command.building, 'cli');
    // With Redis, running servers do not poll the database: they hear of the change on the shared event bus.
    if (env.REDIS_URL && (!('removed' in change) || change.removed))
      await publishOnRedis(change.version, env.REDIS_URL, env.REDIS_KEY_PREFIX ?? 'atrium:');
    console.log(changeSummary(command, change.version));
  } catch (error) {
    const message = (error as { message?: string }).message ?? String(error);
    throw new UsageError(message);
  } finally {
    await db.close();
  }
}

async function main() {
  const env = process.env;
  let command: FlagsCommand;
  try {
    command = parseArgs(process.argv.slice(2), env);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (command.command === 'help') {
    console.log(USAGE);
    return;
  }
  try {
    try {
      await throughServer(command, env);
    } catch (error) {
      if (!unreachable(error)) throw error;
      // Two processes on one PGlite folder could corrupt it, and a server on another port may hold it: never open it here.
      if (command.urlGiven) throw new UsageError(`No server answers at ${command.url}`);
      if (!env.DATABASE_URL) throw new UsageError(`No server answers at ${command.url}: start it with npm start (or give its address with --url)`);
      console.log(`No server answers at ${command.url}: writing to the database of DATABASE_URL instead.`);
      await intoDatabase(command, env);
    }
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : error);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
