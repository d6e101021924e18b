/**
 * What the development recorder sends the statechart visualizer (`/__statecharts`) on the BroadcastChannel
 * `atrium-statecharts`: plain, structured-cloneable records of the root system's inspection events. Development and
 * VITE_DEV_KIT builds only (docs/decisions/202-statechart-visualizer.md).
 */
import type { StateValue } from 'xstate';

// Types only: the tap (src/devtools/inspectionTap.ts) is in the first load of development builds and names the channel.

/** An actor of a tab's system, as it started. `sessionId` is prefixed with the tab, so two tabs never collide. */
export interface ActorRecord {
  kind: 'actor';
  sessionId: string;
  parentId: string | null;
  /** The actor's id in its parent (`session`, `contentDetail`, an invoked promise's id). */
  id: string;
  systemId: string | null;
  /** The machine's id for a state machine actor (matches `machine.id`), null for promise or callback actors. */
  machineId: string | null;
  /** The tab's address when the actor started, for the tree's label of a root. */
  location: string;
  at: number;
}

/** A transition a snapshot took, by the state nodes' paths inside the machine (`signedIn.idle`). */
export interface TakenTransition {
  source: string;
  targets: string[];
  event: string;
}

export interface SnapshotRecord {
  kind: 'snapshot';
  sessionId: string;
  /** Null for actors that are not state machines. */
  value: StateValue | null;
  /** `active`, `done`, `error` or `stopped`: an actor that is not active has left the tree. */
  status: string;
  /** The actor's context, made JSON-safe (actors by their id, no functions); not redacted (the export is). */
  context: unknown;
  /** The event the snapshot answers. */
  event: string;
  transitions: TakenTransition[];
  at: number;
}

export interface EventRecord {
  kind: 'event';
  /** The sending actor's session id, null for an event sent from outside any actor (a view, a route). */
  sourceId: string | null;
  targetId: string;
  /** The actors' ids as the log shows them (kept here: a stopped actor's record may be gone). */
  source: string | null;
  target: string;
  type: string;
  at: number;
}

export type StatechartRecord = ActorRecord | SnapshotRecord | EventRecord;

/** The messages on the channel. */
export type StatechartMessage =
  /** A visualizer opened (or asks again): every app tab answers with its whole recording. */
  | { type: 'visualizer.hello' }
  /** An app tab started: a visualizer that listens answers `visualizer.hello`. */
  | { type: 'app.hello' }
  /** A tab's whole recording so far: replaces what a visualizer had of that tab. */
  | { type: 'recording.history'; tab: string; records: StatechartRecord[] }
  /** What happened since the last message. */
  | { type: 'recording.records'; tab: string; records: StatechartRecord[] }
  /** The tab is going away: its actors leave the tree. */
  | { type: 'app.bye'; tab: string };
