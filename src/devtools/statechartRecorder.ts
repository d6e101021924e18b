/**
 * The development recorder: turns the root system's inspection events into records (src/devtools/statechartRecords.ts),
 * keeps this tab's recording, and posts what happens on the `atrium-statecharts` channel for the visualizer
 * (`/__statecharts`, in this tab or another). Loaded by the inspection tap when a visualizer first says hello.
 */
import type { InspectionEvent } from 'xstate';
import type { ActorRecord, SnapshotRecord, StatechartMessage, StatechartRecord, TakenTransition } from './statechartRecords';
import { applyRecord, createRecording, recordsOf, type RecordingLimits, DEFAULT_LIMITS } from './statechartRecording';

/** The channel as the recorder uses it (a BroadcastChannel, or a fake in tests). */
export interface RecorderChannel {
  postMessage(message: StatechartMessage): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

interface RefLike {
  sessionId: string;
  id: string;
  systemId?: string;
  logic?: unknown;
  send?: unknown;
  getSnapshot?: () => unknown;
}

const isRef = (value: unknown): value is RefLike =>
  !!value && typeof value === 'object' && typeof (value as RefLike).sessionId === 'string' && typeof (value as RefLike).send === 'function';

/** The machine id of a state machine's logic (`machine.root` and `machine.id`), null for other logic. */
function machineIdOf(logic: unknown): string | null {
  const machine = logic as { id?: unknown; root?: unknown } | undefined;
  return machine && typeof machine.id === 'string' && machine.root ? machine.id : null;
}

/**
 * A JSON-safe copy of a context for the channel (structured clone refuses functions and actor refs): actors by their
 * id, errors by name and message, dates as ISO text, long lists and deep objects cut.
 */
export function jsonSafe(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') return value.length > 2000 ? `${value.slice(0, 2000)}…` : value;
  if (typeof value === 'undefined' || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'bigint') return value.toString();
  if (isRef(value)) return `[actor ${value.id}]`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Error) return { name: value.name, message: value.message };
  const object = value as object;
  if (seen.has(object)) return '[circular]';
  if (depth >= 8) return '[…]';
  seen.add(object);
  try {
    if (Array.isArray(value)) {
      const items = value.slice(0, 100).map((item) => jsonSafe(item, depth + 1, seen) ?? null);
      return value.length > 100 ? [...items, `… ${value.length - 100} more`] : items;
    }
    if (value instanceof Map) return jsonSafe(Object.fromEntries(value), depth, seen);
    if (value instanceof Set) return jsonSafe([...value], depth, seen);
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      return `[${(prototype as { constructor?: { name?: string } }).constructor?.name ?? 'object'}]`;
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      const safe = jsonSafe(inner, depth + 1, seen);
      if (safe !== undefined) copy[key] = safe;
    }
    return copy;
  } finally {
    seen.delete(object);
  }
}

const pathOf = (node: { path?: string[] } | undefined) => (node?.path ?? []).join('.');

export interface Recorder {
  /** The inspection observer to hand the root actor. */
  inspect(event: InspectionEvent): void;
  /** This tab's records so far (what a visualizer that opens late gets). */
  records(): StatechartRecord[];
}

/**
 * Starts recording into `channel`: `earlier` are the inspection events the tap kept before this module loaded. Posts
 * at most every `flushMs`; answers every `visualizer.hello` with the whole recording.
 */
export function startRecorder(
  channel: RecorderChannel,
  earlier: readonly InspectionEvent[] = [],
  options: { tab?: string; limits?: RecordingLimits; flushMs?: number; now?: () => number; location?: () => string } = {},
): Recorder {
  const tab = options.tab ?? Math.random().toString(36).slice(2, 10);
  const now = options.now ?? Date.now;
  const location = options.location ?? (() => (typeof window === 'undefined' ? '' : window.location.pathname));
  const recording = createRecording(options.limits ?? DEFAULT_LIMITS);
  const idOf = (ref: RefLike) => `${tab}:${ref.sessionId}`;
  /** Actors created but not started yet: their systemId is set after the inspection event. */
  const pending = new Map<string, RefLike>();
  const known = new Set<string>();
  /** Every actor seen, and each one's parent as its start told it (the `xstate.init` event comes from the parent). */
  const refs = new Map<string, RefLike>();
  const parents = new Map<string, string | null>();
  /**
   * The parent of an actor, from public inspection data only: the source of its init event, else (its first events
   * were let go by the tap) the actor whose snapshot lists it among its children.
   */
  const parentIdOf = (ref: RefLike): string | null => {
    const told = parents.get(idOf(ref));
    if (told !== undefined) return told;
    for (const [id, other] of refs) {
      const children = (other.getSnapshot?.() as { children?: Record<string, unknown> } | undefined)?.children;
      if (children && Object.values(children).includes(ref)) return id;
    }
    return null;
  };
  const steps = new Map<string, TakenTransition[]>();
  let outbox: StatechartRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    if (!outbox.length) return;
    const records = outbox;
    outbox = [];
    channel.postMessage({ type: 'recording.records', tab, records });
  };
  const emit = (record: StatechartRecord) => {
    applyRecord(recording, record);
    outbox.push(record);
    if (timer === null) timer = setTimeout(flush, options.flushMs ?? 100);
  };

  const started = (ref: RefLike) => {
    const sessionId = idOf(ref);
    if (known.has(sessionId)) return;
    known.add(sessionId);
    pending.delete(sessionId);
    const actor: ActorRecord = {
      kind: 'actor',
      sessionId,
      parentId: parentIdOf(ref),
      id: ref.id,
      systemId: ref.systemId ?? null,
      machineId: machineIdOf(ref.logic),
      location: location(),
      at: now(),
    };
    emit(actor);
  };

  const inspect = (event: InspectionEvent) => {
    const ref = event.actorRef as unknown as RefLike;
    switch (event.type) {
      case '@xstate.actor':
        pending.set(idOf(ref), ref);
        refs.set(idOf(ref), ref);
        return;
      case '@xstate.microstep': {
        const taken = event._transitions.map((t): TakenTransition => ({
          source: pathOf(t.source),
          targets: (t.target ?? []).map(pathOf),
          // An eventless transition has an empty event type; the diagrams call it `always`.
          event: t.eventType || 'always',
        }));
        steps.set(idOf(ref), [...(steps.get(idOf(ref)) ?? []), ...taken]);
        return;
      }
      case '@xstate.snapshot': {
        started(ref);
        const snapshot = event.snapshot as { status: string; value?: unknown; context?: unknown };
        const record: SnapshotRecord = {
          kind: 'snapshot',
          sessionId: idOf(ref),
          value: machineIdOf(ref.logic) ? (snapshot.value as SnapshotRecord['value']) : null,
          status: snapshot.status,
          context: jsonSafe(snapshot.context) ?? null,
          event: event.event.type,
          transitions: steps.get(idOf(ref)) ?? [],
          at: now(),
        };
        steps.delete(idOf(ref));
        emit(record);
        if (record.status !== 'active') {
          known.delete(record.sessionId);
          refs.delete(record.sessionId);
          parents.delete(record.sessionId);
        }
        return;
      }
      case '@xstate.event': {
        const source = event.sourceRef as unknown as RefLike | undefined;
        if (event.event.type === 'xstate.init' && !parents.has(idOf(ref))) parents.set(idOf(ref), source ? idOf(source) : null);
        emit({
          kind: 'event',
          sourceId: source ? idOf(source) : null,
          targetId: idOf(ref),
          source: source?.id ?? null,
          target: ref.id,
          type: event.event.type,
          at: now(),
        });
        return;
      }
      default:
        return;
    }
  };

  for (const event of earlier) inspect(event);
  // An actor whose first snapshots the tap let go (it keeps a bounded number) joins with the snapshot it has now.
  for (const ref of [...pending.values()]) {
    const snapshot = ref.getSnapshot?.() as { status?: string } | undefined;
    if (snapshot?.status === 'active')
      inspect({ type: '@xstate.snapshot', actorRef: ref, rootId: '', snapshot, event: { type: 'recorder.joined' } } as unknown as InspectionEvent);
  }
  const history = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    outbox = [];
    channel.postMessage({ type: 'recording.history', tab, records: recordsOf(recording) });
  };
  channel.onmessage = (message) => {
    if ((message.data as StatechartMessage | null)?.type === 'visualizer.hello') history();
  };
  history();
  if (typeof window !== 'undefined') window.addEventListener('pagehide', () => channel.postMessage({ type: 'app.bye', tab }));
  return { inspect, records: () => recordsOf(recording) };
}
