/**
 * A recording of a system's actors, pure and bounded: the actor tree (actors join when they start and leave when they
 * stop), each actor's snapshots, and an event log. The recorder keeps one per tab to answer a visualizer that opens
 * late; the visualizer keeps one for every tab it hears; an export is one of these, redacted, as JSON.
 */
import type { ActorRecord, EventRecord, SnapshotRecord, StatechartRecord } from './statechartRecords';

export interface RecordingLimits {
  /** Events kept in the log (the oldest go). */
  log: number;
  /** Snapshots kept per actor (the oldest go): what stepping back can reach. */
  snapshots: number;
  /** Stopped actors kept for their snapshots and the log's names (the oldest go). */
  stopped: number;
}

export const DEFAULT_LIMITS: RecordingLimits = { log: 2000, snapshots: 200, stopped: 100 };

export interface ActorEntry {
  actor: ActorRecord;
  snapshots: SnapshotRecord[];
  live: boolean;
}

export interface Recording {
  actors: Map<string, ActorEntry>;
  log: EventRecord[];
  limits: RecordingLimits;
}

export interface ActorTreeNode {
  entry: ActorEntry;
  children: ActorTreeNode[];
}

export const createRecording = (limits: RecordingLimits = DEFAULT_LIMITS): Recording => ({ actors: new Map(), log: [], limits });

const STOPPED = new Set(['done', 'error', 'stopped']);

function forgetOldStopped(recording: Recording) {
  const stopped = [...recording.actors.values()].filter((entry) => !entry.live);
  for (const entry of stopped.slice(0, Math.max(0, stopped.length - recording.limits.stopped))) recording.actors.delete(entry.actor.sessionId);
}

/** Adds one record to the recording (in place: a visualizer applies thousands; it re-renders on a throttle). */
export function applyRecord(recording: Recording, record: StatechartRecord): void {
  if (record.kind === 'actor') {
    recording.actors.set(record.sessionId, { actor: record, snapshots: [], live: true });
    return;
  }
  if (record.kind === 'event') {
    recording.log.push(record);
    if (recording.log.length > recording.limits.log) recording.log.splice(0, recording.log.length - recording.limits.log);
    return;
  }
  const entry = recording.actors.get(record.sessionId);
  if (!entry) return;
  entry.snapshots.push(record);
  if (entry.snapshots.length > recording.limits.snapshots) entry.snapshots.splice(0, entry.snapshots.length - recording.limits.snapshots);
  if (entry.live && STOPPED.has(record.status)) {
    entry.live = false;
    forgetOldStopped(recording);
  }
}

export function applyRecords(recording: Recording, records: readonly StatechartRecord[]): void {
  for (const record of records) applyRecord(recording, record);
}

/** Forgets everything of one tab (its history is coming again, or it closed). */
export function dropTab(recording: Recording, tab: string): void {
  const prefix = `${tab}:`;
  for (const id of [...recording.actors.keys()]) if (id.startsWith(prefix)) recording.actors.delete(id);
  recording.log = recording.log.filter((event) => !event.targetId.startsWith(prefix));
}

/** The live actors as a tree: roots first, each actor under the actor that started it, in the order they started. */
export function actorTree(recording: Recording): ActorTreeNode[] {
  const nodes = new Map<string, ActorTreeNode>();
  for (const entry of recording.actors.values()) if (entry.live) nodes.set(entry.actor.sessionId, { entry, children: [] });
  const roots: ActorTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.entry.actor.parentId === null ? undefined : nodes.get(node.entry.actor.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Every record the recording keeps, in an order that builds the same recording again. */
export function recordsOf(recording: Recording): StatechartRecord[] {
  const entries = [...recording.actors.values()];
  return [...entries.map((entry) => entry.actor), ...entries.flatMap((entry) => entry.snapshots), ...recording.log];
}

// Redaction for exports (docs/decisions/202-statechart-visualizer.md): by the key's words and by what a value looks like.
const SENSITIVE_WORDS = new Set([
  'token',
  'tokens',
  'jwt',
  'password',
  'passcode',
  'secret',
  'code',
  'codes',
  'otp',
  'pin',
  'email',
  'emails',
  'mail',
  'name',
  'names',
  'phone',
  'address',
  'authorization',
  'cookie',
  'iban',
  'birthday',
]);
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const JWT = /eyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]*/g;
const BEARER = /bearer\s+[\w.~+/-]+=*/gi;
export const REDACTED = '[redacted]';

/** The words of a key: `refresh_token`, `accessToken` and `first-name` each name a sensitive thing. */
const keyWords = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

export const isSensitiveKey = (key: string) => keyWords(key).some((word) => SENSITIVE_WORDS.has(word));

const redactText = (text: string) => text.replace(JWT, REDACTED).replace(BEARER, REDACTED).replace(EMAIL, REDACTED);

/** A copy of a JSON value with personal data replaced: values under sensitive keys, and emails, JWTs and bearer tokens anywhere. */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    // Under a sensitive key everything but a yes or no goes (`emailAccepted: true` says nothing of the person).
    for (const [key, inner] of Object.entries(value))
      copy[key] = inner !== null && inner !== undefined && typeof inner !== 'boolean' && isSensitiveKey(key) ? REDACTED : redact(inner);
    return copy;
  }
  return value;
}

export const EXPORT_FORMAT = 'atrium-statecharts-recording';

export interface RecordingExport {
  format: typeof EXPORT_FORMAT;
  version: 1;
  exportedAt: string;
  records: StatechartRecord[];
}

/** The recording as a file: every record, with snapshot contexts and the log's words redacted. */
export function exportRecording(recording: Recording, now: Date = new Date()): RecordingExport {
  const records = recordsOf(recording).map((record): StatechartRecord => {
    if (record.kind === 'snapshot') return { ...record, context: redact(record.context), event: redactText(record.event) };
    if (record.kind === 'event') return { ...record, type: redactText(record.type) };
    return { ...record, location: redactText(record.location) };
  });
  return { format: EXPORT_FORMAT, version: 1, exportedAt: now.toISOString(), records };
}

/** A recording from an exported file; throws with a clear message when the text is not one. */
export function importRecording(text: string, limits: RecordingLimits = DEFAULT_LIMITS): Recording {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The file is not JSON.');
  }
  const file = parsed as Partial<RecordingExport> | null;
  if (!file || file.format !== EXPORT_FORMAT || !Array.isArray(file.records)) throw new Error('The file is not an exported statechart recording.');
  const recording = createRecording(limits);
  applyRecords(
    recording,
    file.records.filter(
      (record): record is StatechartRecord => !!record && typeof record === 'object' && ['actor', 'snapshot', 'event'].includes(record.kind),
    ),
  );
  return recording;
}
