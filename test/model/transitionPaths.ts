import { createActor, type AnyStateMachine, type EventFromLogic } from 'xstate';
import { createTestModel } from 'xstate/graph';

export interface TransitionPath<TEvent> {
  description: string;
  events: TEvent[];
}

const keyOf = (state: { value: unknown; context: unknown }) => JSON.stringify(state.value) + JSON.stringify(state.context);

/** Every transition of a pure test model as a path: the shortest way to its source state, then its event. */
export function transitionPaths<TModel extends AnyStateMachine>(model: TModel): TransitionPath<EventFromLogic<TModel>>[] {
  type E = EventFromLogic<TModel>;
  const testModel = createTestModel(model);
  const shortest = new Map<string, E[]>();
  for (const path of testModel.getShortestPaths({ allowDuplicatePaths: true })) {
    const events = path.steps.map((step) => step.event as E).filter((e) => !e.type.startsWith('xstate.'));
    const key = keyOf(path.state);
    if (!shortest.has(key) || shortest.get(key)!.length > events.length) shortest.set(key, events);
  }
  const paths: TransitionPath<E>[] = [];
  for (const entry of Object.values(testModel.getAdjacencyMap())) {
    const key = keyOf(entry.state);
    const prefix = shortest.get(key);
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(entry.transitions) as { event: E; state: typeof entry.state }[]) {
      if (event.type.startsWith('xstate.')) continue;
      // An event the model ignores in this state (a guard said no) is not a transition.
      if (keyOf(next) === key) continue;
      const events = [...prefix, event];
      paths.push({ description: events.map((e) => e.type).join(' → '), events });
    }
  }
  return paths;
}

/** The model's transitions ("state+context event") that no path ends with: empty when the paths cover them all. */
export function uncoveredTransitions<TModel extends AnyStateMachine>(model: TModel, paths: TransitionPath<EventFromLogic<TModel>>[]) {
  const edges = new Set<string>();
  for (const entry of Object.values(createTestModel(model).getAdjacencyMap())) {
    for (const { event, state } of Object.values(entry.transitions) as { event: { type: string }; state: typeof entry.state }[]) {
      if (!event.type.startsWith('xstate.') && keyOf(state) !== keyOf(entry.state)) edges.add(`${keyOf(entry.state)} ${event.type}`);
    }
  }
  const covered = new Set(
    paths.map(({ events }) => {
      const actor = createActor(model).start();
      events.slice(0, -1).forEach((e) => actor.send(e));
      return `${keyOf(actor.getSnapshot())} ${events.at(-1)!.type}`;
    }),
  );
  return { edges, uncovered: [...edges].filter((edge) => !covered.has(edge)) };
}

/**
 * How long a path's step waits for the view to show the model's state. Generous: the first path of a file also pays
 * for the view's first imports, and the model tests share two cores with the browser tests (decision 140). A step
 * that shows its state at once takes no longer for it.
 */
export const STEP_WAIT = { timeout: 15_000 };
