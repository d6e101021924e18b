import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { createActor, type AnyStateMachine, type EventFromLogic, type InspectionEvent, type SnapshotFrom } from 'xstate';
import {
  coverGaps,
  defaultLens,
  modelPaths,
  pathShows,
  renderCover,
  STEP_WAIT,
  untakenTransitions,
  viewStateOf,
  whatViewsMustShow,
  type PathDepth,
  type ViewLens,
} from './paths';
import { formatCoverage, recordCoverage, TransitionCoverage } from './coverage';
import { warmAreaMessages } from './areaMessages.harness';
import type { Area } from '../../src/i18n/areas';

/**
 * One flow's model-based test, as tables: the test model, how to start the real flow and what each model event does
 * to it, where the machine and the view must be in each model state. `modelSuite` does the rest (decision 141):
 *  - every path of the model (`modelPaths`: every transition once, or every pair in a row where the suite asks for
 *    `depth: 'pairs'`; no duplicates, no prefixes) runs against the real machine, which must be in the model's state
 *    after every step;
 *  - a cover of those paths (`renderCover`: every view state and every user action at least once) runs against the
 *    rendered views, which must show the model's state after every step;
 *  - tests prove the model's transitions are all taken, the cover complete, and, when `machines` are named, every
 *    transition of those real machines taken by the paths.
 */
export interface FlowTables<TModel extends AnyStateMachine, TFlow, TState extends string> {
  /** The flow's name, as the test titles say it. */
  name: string;
  model: TModel;
  /** Which events are a person's actions and what of a state the view shows; by default `user.*` and the state's value. */
  lens?: Partial<ViewLens<EventFromLogic<TModel>>>;
  /** Screen texts of these areas are loaded once before the views render. */
  areas?: readonly Area[];
  /**
   * The model's events that start the real flow (default `start.*`); when a path's first event is not one, `start`
   * runs with null before it.
   */
  isStart?: (event: EventFromLogic<TModel>) => boolean;
  /**
   * Starts the real flow. Machine runs pass `inspect`, which must reach every actor of the flow's system; `rendering`
   * says whether the views will be rendered (a flow may skip what only the screen needs).
   */
  start(event: EventFromLogic<TModel> | null, options: { inspect?: (event: InspectionEvent) => void; rendering: boolean }): TFlow | Promise<TFlow>;
  /** Renders the started flow's views (the rendered runs only; awaited inside React's `act`). */
  render(flow: TFlow): unknown;
  /** The world's part of a model event that is no person's action (a server's answer, another actor): the same on both runs. */
  world(flow: TFlow, event: EventFromLogic<TModel>, before: SnapshotFrom<TModel>): unknown;
  /** A person's action, sent to the machine as the view would send it (machine runs). */
  send(flow: TFlow, event: EventFromLogic<TModel>, before: SnapshotFrom<TModel>): unknown;
  /**
   * A person's action, done on the screen (rendered runs). It runs outside React's `act` (testing-library's events
   * wrap themselves), so an action in two parts sees the screen between them: `await screen.findBy…` works here.
   */
  press(flow: TFlow, event: EventFromLogic<TModel>, before: SnapshotFrom<TModel>): unknown;
  /** Where the real machine is in each model state (`events`: the path so far, this step's last). */
  machineState: Record<TState, (flow: TFlow, model: SnapshotFrom<TModel>, events: EventFromLogic<TModel>[]) => boolean>;
  /** What the screen shows in each model state: throws (an `expect`) when it does not. */
  viewState: Record<TState, (flow: TFlow, model: SnapshotFrom<TModel>, events: EventFromLogic<TModel>[]) => void>;
  /** Where the real flow is, in a failure's message (its state values, say). */
  whereIs?: (flow: TFlow) => string;
  /** Checks at the end of every path (both runs): what the flow told the rest of the app. */
  finally?: (flow: TFlow, events: EventFromLogic<TModel>[], model: SnapshotFrom<TModel>) => void;
  stop?: (flow: TFlow) => void;
  /** Real machines whose transitions the paths take, printed after the machine runs (from their inspection events). */
  machines?: AnyStateMachine[];
  /** Fails the suite when the paths leave a transition of `machines` untaken, but for those listed in `untakenAllowed`. */
  everyMachineTransition?: boolean;
  /** Labels (as the coverage prints them) of transitions of `machines` the model cannot take, each with its reason in a comment. */
  untakenAllowed?: string[];
  /** How far the paths go past each transition (paths.ts, `PathDepth`): every transition once by default. */
  depth?: PathDepth;
  /** The test model has at least this many transitions (a model shrunk by mistake fails). */
  minTransitions?: number;
}

/** Lets promises settle and timers of zero run: a fake call's answer reaches the machine, and React renders. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function modelSuite<TModel extends AnyStateMachine, TFlow, TState extends string>(tables: FlowTables<TModel, TFlow, TState>) {
  type E = EventFromLogic<TModel>;
  const lens: ViewLens<E> = { ...defaultLens<E>(), ...tables.lens };
  const isStart = tables.isStart ?? ((event: E) => event.type.startsWith('start.'));
  const paths = modelPaths(tables.model, tables.depth);
  const cover = renderCover(tables.model, paths, lens);
  const coverage = new TransitionCoverage();
  const rendered = new Set<string>();

  async function run(events: E[], rendering: boolean) {
    const model = createActor(tables.model).start();
    const options = rendering ? { rendering } : { rendering, inspect: coverage.inspect };
    let flow: TFlow | null = null;
    const begin = async (event: E | null) => {
      flow = await tables.start(event, options);
      if (rendering) await act(async () => void (await tables.render(flow!)));
    };
    if (!isStart(events[0]!)) await begin(null);
    const stateOf = () => viewStateOf((model.getSnapshot() as { value: unknown }).value) as TState;
    const where = () => (tables.whereIs && flow !== null ? `; it is ${tables.whereIs(flow)}` : '');
    try {
      for (const [i, event] of events.entries()) {
        const before = model.getSnapshot();
        const beforeKey = lens.viewKey(before);
        if (isStart(event)) await begin(event);
        else if (!lens.isUserAction(event)) {
          if (rendering) await act(async () => void (await tables.world(flow!, event, before)));
          else await tables.world(flow!, event, before);
        } else if (rendering) await tables.press(flow!, event, before);
        else await tables.send(flow!, event, before);
        if (rendering) await act(flush);
        else await flush();
        model.send(event);
        const after = model.getSnapshot();
        const state = stateOf();
        const soFar = events.slice(0, i + 1);
        const machineCheck = tables.machineState[state];
        if (!machineCheck) throw new Error(`no machine state for ${state}`);
        const machineThere = () =>
          expect(machineCheck(flow!, after, soFar), `after ${event.type} the flow should be in ${state}${where()}`).toBe(true);
        if (rendering) {
          await waitFor(() => {
            machineThere();
            tables.viewState[state](flow!, after, soFar);
          }, STEP_WAIT);
          if (lens.isUserAction(event)) rendered.add(`user action ${event.type} in ${beforeKey}`);
          rendered.add(`view state ${lens.viewKey(after)}`);
        } else {
          await vi.waitFor(machineThere, STEP_WAIT);
        }
      }
      tables.finally?.(flow!, events, model.getSnapshot());
    } finally {
      if (flow !== null) tables.stop?.(flow);
      model.stop();
    }
  }

  describe(`${tables.name}: the test model`, () => {
    it('has its every transition taken by a path', () => {
      const { transitions, untaken } = untakenTransitions(tables.model, paths);
      expect(untaken).toEqual([]);
      expect(transitions.size).toBeGreaterThanOrEqual(Math.max(1, tables.minTransitions ?? 0));
    });
    it('renders a cover that shows every view state and every user action', () => {
      expect(coverGaps(tables.model, cover, lens)).toEqual([]);
      expect(cover.length).toBeGreaterThan(0);
    });
  });

  describe(`${tables.name}: every path against the machine`, () => {
    for (const { description, events } of paths) it(description, () => run(events, false));
    if (tables.machines && tables.everyMachineTransition)
      it('took every transition of the real machines', () => {
        console.log(formatCoverage(tables.name, coverage.report(tables.machines!)));
        recordCoverage(tables.name, coverage.report(tables.machines!));
        expect(coverage.report(tables.machines!).flatMap((r) => r.missed)).toEqual(tables.untakenAllowed ?? []);
      });
    else if (tables.machines)
      afterAll(() => {
        console.log(formatCoverage(tables.name, coverage.report(tables.machines!)));
        recordCoverage(tables.name, coverage.report(tables.machines!));
      });
  });

  describe(`${tables.name}: the cover against the rendered views`, () => {
    if (tables.areas) beforeAll(() => warmAreaMessages(tables.areas!));
    afterEach(cleanup);
    for (const { description, events } of cover) it(description, () => run(events, true));
    it('showed every view state and every user action', () => {
      const must = whatViewsMustShow(tables.model, lens);
      expect([...must].filter((item) => !rendered.has(item))).toEqual([]);
    });
  });

  return { paths, cover, coverage, shows: (events: E[]) => pathShows(tables.model, events, lens) };
}
