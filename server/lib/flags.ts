import { EventEmitter } from 'node:events';
import { FLAG_DEFAULTS, type FlagName, type FlagUser, type FlagValues } from '../../contracts/flags.js';
import type { Db } from '../db/index.js';
import type { Clock } from './clock.js';
import { httpError } from './errors.js';
import { buildingIdByUuid } from '../stores/buildings.js';
import {
  allOverrides,
  flagVersion,
  globalFlagValues,
  overridesFor,
  recordFlagChange,
  removeFlagOverride,
  removeGlobalFlag,
  saveFlagOverride,
  saveGlobalFlag,
} from '../stores/flags.js';

export { FLAG_DEFAULTS, type FlagName, type FlagValues };

/** Every flag of the specification (section 9), in its order. */
export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];

export const isFlagName = (name: string): name is FlagName => Object.prototype.hasOwnProperty.call(FLAG_DEFAULTS, name);

/** The message of the 400 an unknown flag name gets, naming the ones that exist. */
export const unknownFlagMessage = (name: string) => `Unknown flag "${name}". Known flags: ${FLAG_NAMES.join(', ')}`;

/** Who flags are evaluated for (specification section 3): the same shape the app's flags machine sends. */
export type { FlagUser };

/**
 * Why a flag has its value, in OpenFeature's reason words: a building override matched the user (TARGETING_MATCH),
 * the global value set by an operator (STATIC), or nothing set, so the specification's default (DEFAULT).
 */
export type FlagReason = 'TARGETING_MATCH' | 'STATIC' | 'DEFAULT';

export type FlagEvaluation = {
  flags: FlagValues;
  reasons: Record<FlagName, FlagReason>;
  /** The newest change's number; 0 while nothing was ever changed. */
  version: number;
};

export type FlagListing = {
  name: FlagName;
  default: boolean;
  /** The global value, or null when the default applies. */
  value: boolean | null;
  overrides: { building_uuid: string; building_name: string; value: boolean }[];
};

// Answers are types, not interfaces: an answer's schema allows more properties, and only a type literal fits that index
// signature (lib/typedRoutes.ts).
export type FlagChange = {
  name: FlagName;
  value: boolean | null;
  building_uuid: string | null;
  version: number;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Flag values in the database and their evaluation for a flag user. Precedence: an override on one of the user's
 * buildings, then the global value, then the specification's default. When the user's buildings disagree, on wins:
 * an override is how a feature is rolled out to a building, and a person of that building should see it.
 */
export class FlagStore {
  private readonly emitter = new EventEmitter();
  /** The newest version this process has told its listeners about. */
  private announced = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    // One listener per open event stream.
    this.emitter.setMaxListeners(0);
  }

  /** Calls `listener` with the new version after every change; returns the unsubscribe. */
  onChange(listener: (version: number) => void): () => void {
    this.emitter.on('changed', listener);
    return () => this.emitter.off('changed', listener);
  }

  async version(db: Db = this.db): Promise<number> {
    return flagVersion(db);
  }

  async evaluate(user: Pick<FlagUser, 'buildingUuids'>): Promise<FlagEvaluation> {
    const uuids = [...new Set(user.buildingUuids.filter((u) => uuidPattern.test(u)).map((u) => u.toLowerCase()))];
    const [globals, overrides, version] = await Promise.all([
      globalFlagValues(this.db),
      uuids.length ? overridesFor(this.db, uuids) : Promise.resolve([]),
      this.version(),
    ]);
    const flags = { ...FLAG_DEFAULTS } as FlagValues;
    const reasons = Object.fromEntries(FLAG_NAMES.map((name) => [name, 'DEFAULT'])) as Record<FlagName, FlagReason>;
    for (const row of globals) {
      if (!isFlagName(row.flag)) continue;
      flags[row.flag] = row.value;
      reasons[row.flag] = 'STATIC';
    }
    for (const row of overrides) {
      if (!isFlagName(row.flag)) continue;
      flags[row.flag] = row.value;
      reasons[row.flag] = 'TARGETING_MATCH';
    }
    return { flags, reasons, version };
  }

  /** Every flag with its default, global value and building overrides. */
  async list(): Promise<{ version: number; flags: FlagListing[] }> {
    const [globals, overrides, version] = await Promise.all([globalFlagValues(this.db), allOverrides(this.db), this.version()]);
    const global = new Map(globals.map((g) => [g.flag, g.value]));
    return {
      version,
      flags: FLAG_NAMES.map((name) => ({
        name,
        default: FLAG_DEFAULTS[name],
        value: global.get(name) ?? null,
        overrides: overrides.filter((o) => o.flag === name).map(({ flag: _flag, ...o }) => o),
      })),
    };
  }

  /** Sets a flag globally, or for one building when `buildingUuid` is given. */
  async set(name: FlagName, value: boolean, buildingUuid: string | null, source: string): Promise<FlagChange> {
    const change = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const building = buildingUuid ? await findBuilding(tx, buildingUuid) : null;
      if (building) await saveFlagOverride(tx, name, building.id, value, now);
      else await saveGlobalFlag(tx, name, value, now);
      const version = await recordFlagChange(tx, { flag: name, buildingUuid: building?.uuid ?? null, value, source, at: now });
      return { name, value, building_uuid: building?.uuid ?? null, version };
    });
    this.announce(change.version);
    return change;
  }

  /** Removes the global value (back to the default) or a building's override (back to the global value). */
  async unset(name: FlagName, buildingUuid: string | null, source: string): Promise<FlagChange & { removed: boolean }> {
    const change = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const building = buildingUuid ? await findBuilding(tx, buildingUuid) : null;
      const removed = building ? await removeFlagOverride(tx, name, building.id) : await removeGlobalFlag(tx, name);
      const version = removed
        ? await recordFlagChange(tx, { flag: name, buildingUuid: building?.uuid ?? null, value: null, source, at: now })
        : await this.version(tx);
      return { name, value: null, building_uuid: building?.uuid ?? null, version, removed };
    });
    if (change.removed) this.announce(change.version);
    return change;
  }

  /**
   * Looks for changes another process made (another server instance on the same Postgres, or the flags command
   * writing to the database while no server ran) and announces them.
   */
  async poll(): Promise<void> {
    this.announce(await this.version());
  }

  /** Polls every `intervalMs` until the returned stop is called; the first look only takes the current version. */
  watch(intervalMs: number): () => void {
    let stopped = false;
    let busy = false;
    void this.version().then(
      (version) => {
        this.announced = Math.max(this.announced, version);
      },
      () => {},
    );
    const timer = setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      // A failed look (the database restarting) is tried again at the next tick.
      this.poll()
        .catch(() => {})
        .finally(() => {
          busy = false;
        });
    }, intervalMs);
    timer.unref?.();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }

  private announce(version: number) {
    if (version <= this.announced) return;
    this.announced = version;
    this.emitter.emit('changed', version);
  }
}

async function findBuilding(db: Db, uuid: string): Promise<{ id: number; uuid: string }> {
  const building = uuidPattern.test(uuid) ? await buildingIdByUuid(db, uuid) : undefined;
  if (!building) throw httpError(404, `No building with uuid ${uuid}`, 'unknown_building');
  return building;
}
