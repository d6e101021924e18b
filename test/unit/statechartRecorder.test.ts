import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise, setup, waitFor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { contentDetailMachine } from '../../machines/content/contentDetail.machine';
import { startRecorder, jsonSafe, type RecorderChannel } from '../../src/devtools/statechartRecorder';
import { inspectionTap, STATECHARTS_CHANNEL } from '../../src/devtools/inspectionTap';
import type { StatechartMessage, StatechartRecord } from '../../src/devtools/statechartRecords';
import {
  actorTree,
  applyRecords,
  createRecording,
  exportRecording,
  importRecording,
  isSensitiveKey,
  redact,
  REDACTED,
  type ActorTreeNode,
  type Recording,
} from '../../src/devtools/statechartRecording';
import { activePaths, layoutMachine, machineGraph, takenEdges } from '../../src/devtools/machineGraph';
import ELK from 'elkjs/lib/elk.bundled.js';
import graphs from '../../src/devtools/machineGraphs.json';
import { makePersisted, makeUser } from '../fixtures/people';
import type { LoginPayload, PersistedAuth } from '../../machines/session/session.types';
import { flush } from '../fixtures/async';

/** A channel that keeps what the recorder posts, and can say hello as a visualizer would. */
function fakeChannel() {
  const posted: StatechartMessage[] = [];
  const channel: RecorderChannel & { posted: StatechartMessage[]; hello(): void } = {
    posted,
    onmessage: null,
    postMessage: (message) => void posted.push(message),
    hello() {
      this.onmessage?.({ data: { type: 'visualizer.hello' } } as MessageEvent);
    },
  };
  return channel;
}

/** What a visualizer would build from everything the recorder posted. */
function heard(posted: StatechartMessage[]): Recording {
  const recording = createRecording();
  for (const message of posted)
    if (message.type === 'recording.history' || message.type === 'recording.records') applyRecords(recording, message.records);
  return recording;
}

/** An actor by its id, a root (whose id is a counter, `x:7`) by its machine's. */
const nameOf = (actor: ActorTreeNode['entry']['actor']) => (actor.parentId === null ? (actor.machineId ?? actor.id) : actor.id);
const names = (nodes: ActorTreeNode[]): unknown[] =>
  nodes.map((node) => (node.children.length ? { [nameOf(node.entry.actor)]: names(node.children) } : nameOf(node.entry.actor)));

const latestValue = (recording: Recording, name: string) => {
  const entry = [...recording.actors.values()].find((e) => nameOf(e.actor) === name && e.live);
  return entry?.snapshots.at(-1)?.value;
};

/** A parent that starts a `child` machine on `open` and stops it on `close`. */
const childMachine = createMachine({ id: 'child', initial: 'one', states: { one: { on: { next: 'two' } }, two: {} } });
const parentMachine = setup({ actors: { child: childMachine } }).createMachine({
  id: 'parent',
  initial: 'closed',
  states: {
    closed: { on: { open: 'open' } },
    open: { invoke: { id: 'child', src: 'child' }, on: { close: 'closed' } },
  },
});

let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

function recorded<T extends Parameters<typeof createActor>[0]>(
  logic: T,
  options: { limits?: NonNullable<Parameters<typeof startRecorder>[2]>['limits']; input?: unknown } = {},
) {
  const channel = fakeChannel();
  const recorder = startRecorder(channel, [], { tab: 't1', flushMs: 0, ...(options.limits ? { limits: options.limits } : {}) });
  const actor = createActor(logic, { inspect: recorder.inspect, input: options.input } as never) as AnyActorRef;
  stops.push(() => actor.stop());
  return { channel, recorder, actor };
}

describe('the statechart recorder', () => {
  it('keeps the actor tree: actors join when they start and leave when they stop', async () => {
    const { channel, actor } = recorded(parentMachine);
    actor.start();
    actor.send({ type: 'open' });
    await flush();
    let recording = heard(channel.posted);
    expect(names(actorTree(recording))).toEqual([{ parent: ['child'] }]);
    expect(actorTree(recording)[0]!.entry.actor.machineId).toBe('parent');
    expect(actorTree(recording)[0]!.children[0]!.entry.actor.sessionId.startsWith('t1:')).toBe(true);

    actor.send({ type: 'close' });
    await flush();
    recording = heard(channel.posted);
    expect(names(actorTree(recording))).toEqual(['parent']);
    // The stopped child's snapshots stay for stepping through; it is only out of the tree.
    const child = [...recording.actors.values()].find((entry) => entry.actor.id === 'child')!;
    expect(child.live).toBe(false);
    expect(child.snapshots.at(-1)!.status).toBe('stopped');
  });

  it("keeps each actor's state values, the transitions taken, and the event log", async () => {
    const { channel, actor } = recorded(parentMachine);
    actor.start();
    actor.send({ type: 'open' });
    actor.getSnapshot().children.child.send({ type: 'next' });
    await flush();
    const recording = heard(channel.posted);
    const parent = [...recording.actors.values()].find((entry) => entry.actor.machineId === 'parent')!;
    expect(parent.snapshots.map((s) => s.value)).toEqual(['closed', 'open']);
    expect(parent.snapshots[1]!.transitions).toEqual([{ source: 'closed', targets: ['open'], event: 'open' }]);
    expect(latestValue(recording, 'child')).toBe('two');
    expect(recording.log.map((e) => [e.source, e.type, e.target])).toEqual(
      expect.arrayContaining([
        [null, 'open', parent.actor.id],
        [null, 'next', 'child'],
      ]),
    );
  });

  it('answers a visualizer that opens late with the whole recording, and takes the events the tap kept', async () => {
    const kept: InspectionEvent[] = [];
    const actor = createActor(parentMachine, { inspect: (event) => void kept.push(event) });
    stops.push(() => actor.stop());
    actor.start();
    actor.send({ type: 'open' });
    const channel = fakeChannel();
    const recorder = startRecorder(channel, kept, { tab: 't2', flushMs: 0 });
    expect(channel.posted[0]!.type).toBe('recording.history');
    expect(names(actorTree(heard(channel.posted)))).toEqual([{ parent: ['child'] }]);

    channel.posted.length = 0;
    channel.hello();
    expect(channel.posted).toEqual([{ type: 'recording.history', tab: 't2', records: recorder.records() }]);
  });

  it('records the real session machine with its context made JSON-safe', async () => {
    const logic = sessionMachine.provide({
      actors: {
        loadPersisted: fromPromise<PersistedAuth | null>(async () => makePersisted()),
        fetchUser: fromPromise(async () => makeUser()),
        refreshTokens: fromPromise<LoginPayload, { refreshToken: string }>(() => new Promise<LoginPayload>(() => {})),
        upgradeTokens: fromPromise<LoginPayload, void>(() => new Promise<LoginPayload>(() => {})),
        logoutCall: fromPromise(async () => {}),
      },
    });
    const { channel, actor } = recorded(logic, { input: {} });
    actor.start();
    await waitFor(actor, (s) => s.hasTag('signedIn'));
    await flush();
    const recording = heard(channel.posted);
    const session = [...recording.actors.values()].find((entry) => entry.actor.machineId === 'session')!;
    expect(activePaths(session.snapshots.at(-1)!.value)).toContain('signedIn');
    expect(session.snapshots.length).toBeGreaterThan(2);
    // Structured clone would refuse functions or actors; the records are plain JSON.
    expect(JSON.parse(JSON.stringify(channel.posted))).toEqual(channel.posted);
  });

  it('caps the log, the snapshots per actor and the stopped actors it keeps', async () => {
    const looping = createMachine({ id: 'loop', initial: 'a', states: { a: { on: { go: 'b' } }, b: { on: { go: 'a' } } } });
    const { channel, actor } = recorded(looping, { limits: { log: 5, snapshots: 3, stopped: 1 } });
    actor.start();
    for (let i = 0; i < 10; i++) actor.send({ type: 'go' });
    await flush();
    const recording = createRecording({ log: 5, snapshots: 3, stopped: 1 });
    for (const message of channel.posted) if (message.type === 'recording.records') applyRecords(recording, message.records);
    expect(recording.log).toHaveLength(5);
    const entry = [...recording.actors.values()][0]!;
    // The first snapshot and ten steps: the last three kept.
    expect(entry.snapshots.map((s) => s.value)).toEqual(['a', 'b', 'a']);

    // Two stopped actors with a limit of one: the older is forgotten.
    const limited = createRecording({ log: 5, snapshots: 3, stopped: 1 });
    const actorRecord = (sessionId: string): StatechartRecord => ({
      kind: 'actor',
      sessionId,
      parentId: null,
      id: sessionId,
      systemId: null,
      machineId: null,
      location: '/',
      at: 0,
    });
    const stopped = (sessionId: string): StatechartRecord => ({
      kind: 'snapshot',
      sessionId,
      value: null,
      status: 'stopped',
      context: null,
      event: 'xstate.stop',
      transitions: [],
      at: 1,
    });
    applyRecords(limited, [actorRecord('a'), actorRecord('b'), stopped('a'), stopped('b')]);
    expect([...limited.actors.keys()]).toEqual(['b']);
  });

  it('makes contexts JSON-safe: actors by id, errors, dates, cycles', () => {
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic.self = cyclic;
    const ref = createActor(childMachine);
    expect(jsonSafe({ ref, error: new Error('boom'), at: new Date(0), run: () => 1, cyclic, set: new Set([1]) })).toEqual({
      ref: `[actor ${ref.id}]`,
      error: { name: 'Error', message: 'boom' },
      at: '1970-01-01T00:00:00.000Z',
      cyclic: { n: 1, self: '[circular]' },
      set: [1],
    });
  });
});

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('an exported recording', () => {
  it.each([
    ['token', true],
    ['accessToken', true],
    ['refresh_token', true],
    ['password', true],
    ['newPassword', true],
    ['email', true],
    ['helpDeskEmail', true],
    ['first_name', true],
    ['lastName', true],
    ['code', true],
    ['verificationCode', true],
    ['phone_number', true],
    ['pathname', false],
    ['buildingUuid', false],
    ['status', false],
    ['mobile_only', false],
  ])('treats the key %s as sensitive: %s', (key, sensitive) => {
    expect(isSensitiveKey(key)).toBe(sensitive);
  });

  it('redacts by key and by value (an email, a JWT, a bearer token) anywhere, and keeps the rest', () => {
    const user = makeUser();
    expect(
      redact({
        user,
        note: `write to ${user.email} with Bearer abc.def`,
        header: JWT,
        list: [{ password: 'hunter2' }, 'x'],
        emailAccepted: true,
        count: 3,
      }),
    ).toEqual({
      user: { ...user, email: REDACTED, first_name: REDACTED, last_name: REDACTED, company_name: REDACTED, roles: [{ name: REDACTED }] },
      note: `write to ${REDACTED} with ${REDACTED}`,
      header: REDACTED,
      list: [{ password: REDACTED }, 'x'],
      emailAccepted: true,
      count: 3,
    });
  });

  it('carries no token or email, and loads again to the same tree and states', async () => {
    const { channel, actor } = recorded(
      setup({ types: { context: {} as { auth: unknown; seen: string[] } } }).createMachine({
        id: 'holder',
        context: { auth: makePersisted({ token: JWT }), seen: [] },
        initial: 'idle',
        states: {
          idle: { on: { note: { target: 'noted', actions: assign({ seen: ({ event }) => [(event as { text?: string }).text ?? ''] }) } } },
          noted: {},
        },
      }),
    );
    actor.start();
    actor.send({ type: 'note', text: `mail ${makeUser().email}` });
    await flush();
    const recording = heard(channel.posted);
    const text = JSON.stringify(exportRecording(recording, new Date(0)));
    expect(text).not.toContain(JWT);
    expect(text).not.toContain('stored-refresh');
    expect(text).not.toContain(makeUser().email);
    expect(text).toContain('noted');

    const again = importRecording(text);
    expect(names(actorTree(again))).toEqual(names(actorTree(recording)));
    expect(latestValue(again, 'holder')).toBe('noted');
    expect(() => importRecording('{"format":"other"}')).toThrow('not an exported statechart recording');
    expect(() => importRecording('nope')).toThrow('not JSON');
  });
});

describe('the inspection tap', () => {
  it('keeps events until a visualizer says hello, then hands them to the recorder it loads', async () => {
    const visualizer = new BroadcastChannel(STATECHARTS_CHANNEL);
    const heardMessages: StatechartMessage[] = [];
    visualizer.onmessage = ({ data }: MessageEvent<StatechartMessage>) => void heardMessages.push(data);
    const tap = inspectionTap();
    const actor = createActor(parentMachine, { inspect: tap });
    stops.push(() => actor.stop());
    actor.start();
    actor.send({ type: 'open' });
    await expect.poll(() => heardMessages.map((m) => m.type)).toContain('app.hello');
    visualizer.postMessage({ type: 'visualizer.hello' } satisfies StatechartMessage);
    await expect.poll(() => heardMessages.some((m) => m.type === 'recording.history')).toBe(true);
    visualizer.close();
    expect(names(actorTree(heard(heardMessages)))).toEqual([{ parent: ['child'] }]);
  });
});

describe('the machine graph', () => {
  it('has every state, nested, and every transition with its event and guard', () => {
    const graph = machineGraph(contentDetailMachine);
    expect(graph.states.map((s) => s.id)).toEqual(expect.arrayContaining(['loading', 'loaded', 'failed', 'notFound']));
    const loaded = graph.states.find((s) => s.id === 'loaded')!;
    expect(loaded.children.map((s) => s.id)).toEqual(expect.arrayContaining(['loaded.deciding', 'loaded.link']));
    expect(graph.edges.map((e) => e.label)).toEqual(expect.arrayContaining(['user.retry', 'done', 'error [notFound]', 'always [isRsvp]']));
    expect(activePaths({ loaded: 'link' })).toEqual(['loaded', 'loaded.link']);
    expect([...takenEdges(graph, [{ source: 'loaded.deciding', targets: ['loaded.link'], event: 'always' }])]).toEqual([
      graph.edges.find((e) => e.source === 'loaded.deciding' && e.target === 'loaded.link')!.id,
    ]);
  });

  it('is what `npm run statecharts` wrote for the visualizer (src/devtools/machineGraphs.json)', () => {
    const written = (graphs as { file: string; graph: unknown }[]).find((entry) => entry.file === 'contentDetail')!.graph;
    expect(written).toEqual(JSON.parse(JSON.stringify(machineGraph(contentDetailMachine))));
  });

  it('lays a machine out with elkjs: children inside their parent, every edge routed', async () => {
    const graph = machineGraph(contentDetailMachine);
    const elk = new ELK();
    const diagram = await layoutMachine(graph, (g) => elk.layout(g));
    const box = (id: string) => diagram.states.find((s) => s.box.id === id)!;
    const [parent, child] = [box('loaded'), box('loaded.link')];
    expect(child.x).toBeGreaterThanOrEqual(parent.x);
    expect(child.y).toBeGreaterThanOrEqual(parent.y);
    expect(child.x + child.width).toBeLessThanOrEqual(parent.x + parent.width);
    expect(child.y + child.height).toBeLessThanOrEqual(parent.y + parent.height);
    expect(diagram.edges).toHaveLength(graph.edges.length);
    for (const edge of diagram.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
  });
});
