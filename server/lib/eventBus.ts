import { EventEmitter } from 'node:events';

/**
 * What the server pushes to open event streams: flag changes (channel `flags`) and a person's notifications (channel
 * `person:<user uuid>`). Every instance publishes and listens through one bus; a stream writes each event with its `id`,
 * so a client that reconnects (to this instance or another) sends `Last-Event-ID` and is given what it missed from the
 * bus's short replay window.
 *
 * One process keeps it in memory (`memoryEventBus`); several instances share one through Redis (issue 27).
 */
export interface BusEvent<T = unknown> {
  /** Ordered within a channel: `<milliseconds>-<sequence>`, as Redis stream ids are. */
  id: string;
  channel: string;
  /** The SSE event name the stream writes (`flags`, `notification`, ...). */
  type: string;
  data: T;
}

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  /** Sends to every subscriber of the channel on every instance; resolves with the event as sent (with its id). */
  publish<T>(channel: string, type: string, data: T): Promise<BusEvent<T>>;
  /** Listens to one channel; returns the unsubscribe. */
  subscribe(channel: string, listener: BusListener): () => void;
  /**
   * The channel's events after `lastEventId`, oldest first, from the replay window; null when that id is not one this
   * bus could have made or is older than the window (the client then reloads what it shows instead of replaying).
   */
  since(channel: string, lastEventId: string): Promise<BusEvent[] | null>;
  close(): Promise<void>;
}

export interface ReplayWindow {
  /** Events kept per channel. */
  maxEvents: number;
  /** How long an event is kept, in milliseconds. */
  maxAgeMs: number;
}

export const DEFAULT_REPLAY: ReplayWindow = { maxEvents: 200, maxAgeMs: 5 * 60_000 };

const EVENT_ID = /^(\d{1,15})-(\d{1,9})$/;

/** Compares two event ids; null when either is not one. */
export function compareEventIds(a: string, b: string): number | null {
  const x = EVENT_ID.exec(a);
  const y = EVENT_ID.exec(b);
  if (!x || !y) return null;
  return Number(x[1]) - Number(y[1]) || Number(x[2]) - Number(y[2]);
}

/** The bus of one process: listeners in an emitter, the replay window in a list per channel. */
export function memoryEventBus(now: () => number = Date.now, window: ReplayWindow = DEFAULT_REPLAY): EventBus {
  const emitter = new EventEmitter();
  // One listener per open stream, and there may be thousands; the streams' own caps bound them.
  emitter.setMaxListeners(0);
  /** Per channel: the events kept, and the id of the newest one dropped from the window (replay after it is whole). */
  const kept = new Map<string, { events: BusEvent[]; dropped: string }>();
  // Ids from before this bus began (another process's, or this one's before a restart) cannot be replayed.
  const began = `${now()}-0`;
  let lastMs = 0;
  let sequence = 0;

  const nextId = () => {
    const ms = Math.max(now(), lastMs);
    sequence = ms === lastMs ? sequence + 1 : 0;
    lastMs = ms;
    return `${ms}-${sequence}`;
  };

  const windowOf = (channel: string) => {
    let held = kept.get(channel);
    if (!held) kept.set(channel, (held = { events: [], dropped: began }));
    const oldest = now() - window.maxAgeMs;
    while (held.events.length > window.maxEvents || (held.events.length > 0 && Number(held.events[0]!.id.split('-')[0]) < oldest)) {
      held.dropped = held.events.shift()!.id;
    }
    return held;
  };

  return {
    async publish(channel, type, data) {
      const event = { id: nextId(), channel, type, data };
      windowOf(channel).events.push(event);
      emitter.emit(channel, event);
      return event;
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async since(channel, lastEventId) {
      const held = windowOf(channel);
      const order = compareEventIds(lastEventId, held.dropped);
      if (order === null || order < 0) return null;
      return held.events.filter((event) => compareEventIds(event.id, lastEventId)! > 0);
    },
    async close() {
      emitter.removeAllListeners();
      kept.clear();
    },
  };
}
