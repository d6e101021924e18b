import { createActor, type AnyStateMachine, type EventFromLogic, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';

/** One generated path: the events from the model's initial state, and a name a failure can be found by. */
export interface ModelPath<TEvent extends EventObject> {
  description: string;
  events: TEvent[];
}

/** A model state as a person sees it: its value, without the context (what the views render a table for). */
export const viewStateOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const snapshotKey = (state: { value: unknown; context: unknown }) => JSON.stringify(state.value) + JSON.stringify(state.context);
const eventKey = (event: EventObject) => JSON.stringify(event);

interface Edge<TEvent extends EventObject> {
  from: string;
  event: TEvent;
  to: string;
}

/**
 * The model's graph: every state (value and context) reachable from the initial one, the shortest event list to each,
 * and every transition that changes the state (an event a guard refuses is not one). Events of XState's own
 * (`xstate.*`) are left out.
 */
export function modelGraph<TModel extends AnyStateMachine>(model: TModel) {
  type E = EventFromLogic<TModel>;
  const testModel = createTestModel(model);
  const shortest = new Map<string, E[]>();
  for (const path of testModel.getShortestPaths({ allowDuplicatePaths: true })) {
    const events = path.steps.map((step) => step.event as E).filter((e) => !e.type.startsWith('xstate.'));
    const key = snapshotKey(path.state);
    if (!shortest.has(key) || shortest.get(key)!.length > events.length) shortest.set(key, events);
  }
  const edges = new Map<string, Edge<E>>();
  const states = new Map<string, string>();
  // The adjacency map has an entry per way into a state; the same state's transitions come once per entry.
  for (const entry of Object.values(testModel.getAdjacencyMap())) {
    const from = snapshotKey(entry.state);
    states.set(from, viewStateOf(entry.state.value));
    for (const { event, state: next } of Object.values(entry.transitions) as { event: E; state: typeof entry.state }[]) {
      const to = snapshotKey(next);
      if (event.type.startsWith('xstate.') || to === from) continue;
      edges.set(`${from} ${eventKey(event)}`, { from, event, to });
      states.set(to, viewStateOf(next.value));
    }
  }
  return { shortest, edges: [...edges.values()], states };
}

/**
 * How far the generated paths go past each transition:
 *  - `transitions` (the default): every transition once (the shortest way to its source, then it). A path runs
 *    against the real machine, whose state is checked after every step, so this takes every transition of the model
 *    and proves every state it leads to.
 *  - `pairs`: every pair of transitions in a row (for each transition into a state and each transition out of it, the
 *    shortest way to the first one's source, then both; a transition into a state with no way out ends its path).
 *    Pairs also find a state that behaves differently by the way it was entered, at three to eight times the steps
 *    (decision 211): a suite asks for them where entering a state by another way is what it must prove.
 * Either way duplicates are dropped, and so is every path that is the beginning of another: the runner checks the
 * state after every step, so the longer path proves everything its prefix does.
 */
export type PathDepth = 'transitions' | 'pairs';

/** The model's paths at that depth (see `PathDepth`). */
export function modelPaths<TModel extends AnyStateMachine>(model: TModel, depth: PathDepth = 'transitions'): ModelPath<EventFromLogic<TModel>>[] {
  type E = EventFromLogic<TModel>;
  const { shortest, edges } = modelGraph(model);
  const outOf = new Map<string, Edge<E>[]>();
  for (const edge of edges) outOf.set(edge.from, [...(outOf.get(edge.from) ?? []), edge]);
  const candidates = new Map<string, E[]>();
  const add = (events: E[]) => candidates.set(events.map(eventKey).join('\n'), events);
  for (const first of edges) {
    const prefix = shortest.get(first.from);
    if (!prefix) continue;
    const next = depth === 'pairs' ? (outOf.get(first.to) ?? []) : [];
    if (next.length === 0) add([...prefix, first.event]);
    for (const second of next) add([...prefix, first.event, second.event]);
  }
  const keys = [...candidates.keys()].sort();
  // Sorted, a path's extensions come right after it (a key then "\n" sorts before any longer event's key), so a path
  // is the beginning of another exactly when the next key extends it.
  const kept = keys.filter((key, i) => !keys[i + 1]?.startsWith(`${key}\n`));
  return kept.map((key) => {
    const events = candidates.get(key)!;
    return { description: events.map((e) => e.type).join(' → '), events };
  });
}

/** The model's transitions ("state event") that no path takes: empty when the paths cover them all. */
export function untakenTransitions<TModel extends AnyStateMachine>(model: TModel, paths: ModelPath<EventFromLogic<TModel>>[]) {
  const { edges } = modelGraph(model);
  const all = new Set(edges.map((e) => `${e.from} ${eventKey(e.event)}`));
  const taken = new Set<string>();
  for (const { events } of paths) {
    const actor = createActor(model).start();
    for (const event of events) {
      taken.add(`${snapshotKey(actor.getSnapshot())} ${eventKey(event)}`);
      actor.send(event);
    }
    actor.stop();
  }
  return { transitions: all, untaken: [...all].filter((edge) => !taken.has(edge)) };
}

/**
 * What a flow's views must show: which events are a person's actions on the screen, and what of a model state the
 * view shows (its value, and any part of its context the screen renders differently, such as a notice).
 */
export interface ViewLens<TEvent extends EventObject> {
  isUserAction: (event: TEvent) => boolean;
  viewKey: (state: { value: unknown; context: unknown }) => string;
}

export const defaultLens = <TEvent extends EventObject>(): ViewLens<TEvent> => ({
  isUserAction: (event) => event.type.startsWith('user.'),
  viewKey: (state) => viewStateOf(state.value),
});

/**
 * What a rendered path shows a person: the view states it passes through, and each user action it performs in the
 * view state it performs it from (the same button may sit on several screens, each of which must be pressed once).
 */
export function pathShows<TEvent extends EventObject>(model: AnyStateMachine, events: TEvent[], lens: ViewLens<TEvent>): Set<string> {
  const actor = createActor(model).start();
  const shown = new Set<string>();
  for (const event of events) {
    const before = lens.viewKey(actor.getSnapshot());
    actor.send(event);
    if (lens.isUserAction(event)) shown.add(`user action ${event.type} in ${before}`);
    shown.add(`view state ${lens.viewKey(actor.getSnapshot())}`);
  }
  actor.stop();
  return shown;
}

/** Every view state a transition leads to, and every user action from every view state the model takes it in. */
export function whatViewsMustShow<TEvent extends EventObject>(model: AnyStateMachine, lens: ViewLens<TEvent>): Set<string> {
  const must = new Set<string>();
  for (const entry of Object.values(createTestModel(model).getAdjacencyMap())) {
    for (const { event, state } of Object.values(entry.transitions) as { event: TEvent; state: typeof entry.state }[]) {
      if (event.type.startsWith('xstate.') || snapshotKey(state) === snapshotKey(entry.state)) continue;
      must.add(`view state ${lens.viewKey(state)}`);
      if (lens.isUserAction(event)) must.add(`user action ${event.type} in ${lens.viewKey(entry.state)}`);
    }
  }
  return must;
}

/**
 * The paths to render: few, but together they show every view state and every user action from every view state it
 * is taken in (a greedy cover: the path
 * that adds the most not yet shown, until nothing is left; ties go to the shorter path, then to the earlier).
 */
export function renderCover<TEvent extends EventObject>(model: AnyStateMachine, paths: ModelPath<TEvent>[], lens: ViewLens<TEvent>) {
  const shows = paths.map((path) => [...pathShows(model, path.events, lens)]);
  const shown = new Set<string>();
  const cover: ModelPath<TEvent>[] = [];
  for (;;) {
    let best = -1;
    let bestGain = 0;
    shows.forEach((items, i) => {
      const gain = items.filter((item) => !shown.has(item)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && paths[i]!.events.length < paths[best]!.events.length)) {
        best = i;
        bestGain = gain;
      }
    });
    if (best < 0) return cover;
    cover.push(paths[best]!);
    for (const item of shows[best]!) shown.add(item);
  }
}

/** The view states and user actions of the model that no rendered path shows: empty when the cover is complete. */
export function coverGaps<TEvent extends EventObject>(model: AnyStateMachine, rendered: ModelPath<TEvent>[], lens: ViewLens<TEvent>) {
  const shown = new Set(rendered.flatMap((path) => [...pathShows(model, path.events, lens)]));
  return [...whatViewsMustShow(model, lens)].filter((item) => !shown.has(item));
}

/**
 * How long a path's step waits for the machine or the view to reach the model's state. Generous: the first path of a
 * file also pays for the view's first imports, and the model tests share two cores with the browser tests. A step
 * that shows its state at once takes no longer for it.
 */
export const STEP_WAIT = { timeout: 15_000 };
