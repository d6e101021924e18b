import { appendFileSync } from 'node:fs';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/**
 * Which transitions of the real machines the model's paths take (read while the paths run on the machines). Each transition of a machine (a state node's
 * event, `always`, or an invoke's done or error, in the order written) gets a key; an inspector on the running
 * flow records the keys of the transitions taken, in the router and in every step it starts. Keys do not depend on
 * `.provide()`, which copies a machine, so the transitions of the machines as exported can be counted against them.
 */
const keyOf = (transition: AnyTransitionDefinition): string => {
  const source = transition.source as AnyStateNode;
  const siblings = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id} ${transition.eventType} #${siblings.indexOf(transition)}`;
};

function label(transition: AnyTransitionDefinition): string {
  const source = transition.source as AnyStateNode;
  const event = transition.eventType === '' ? 'always' : transition.eventType.replace(/^xstate\.(done|error)\.actor\..*$/, '$1');
  const guard = transition.guard as { type?: unknown } | string | undefined;
  const guardName = typeof guard === 'string' ? guard : typeof guard?.type === 'string' ? guard.type : guard ? 'guard' : '';
  const targets = (transition.target ?? []).map((t) => (t as AnyStateNode).id).join(', ') || '(stays)';
  return `${source.id} —${event}${guardName ? ` [${guardName}]` : ''}→ ${targets}`;
}

/** Every transition a machine declares, by key, with a label a person can read. */
export function transitionsOf(machine: AnyStateMachine): Map<string, string> {
  const all = new Map<string, string>();
  const walk = (node: AnyStateNode) => {
    for (const transitions of node.transitions.values()) for (const t of transitions) all.set(keyOf(t), label(t));
    for (const t of node.always ?? []) all.set(keyOf(t), label(t));
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return all;
}

export class TransitionCoverage {
  private readonly taken = new Set<string>();

  /** Pass as `inspect` to createActor: it sees the microsteps of every actor in the flow's system. */
  readonly inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) this.taken.add(keyOf(transition));
  };

  /** Per machine: how many of its transitions were taken, and the labels of those that were not. */
  report(machines: AnyStateMachine[]) {
    return machines.map((machine) => {
      const all = transitionsOf(machine);
      const missed = [...all].filter(([key]) => !this.taken.has(key)).map(([, text]) => text);
      return { machine: machine.id, total: all.size, covered: all.size - missed.length, missed };
    });
  }
}

/**
 * The coverage as `npm test` prints it: one line per machine, `coverage <machine> <reached>/<total> transitions`, then
 * the transitions not taken, each on a line of its own.
 */
export function formatCoverage(flow: string, rows: ReturnType<TransitionCoverage['report']>): string {
  const lines = rows.map((r) => {
    const percent = r.total ? Math.floor((100 * r.covered) / r.total) : 100;
    return `coverage ${r.machine} ${r.covered}/${r.total} transitions (${percent}%, ${flow})${r.missed.map((m) => `\n    not taken: ${m}`).join('')}`;
  });
  return lines.join('\n');
}

/**
 * Where a model run writes its figures: `ATRIUM_MODEL_COVERAGE`, a file `npm test` and `npm run check` name for their run
 * (scripts/test.js), which then checks the README's flow table against them and keeps them for `npm run flows:table`
 * (scripts/flowsTable.js). A run without it (one suite by hand) writes nothing.
 */
export const MODEL_COVERAGE_ENV = 'ATRIUM_MODEL_COVERAGE';

/** Appends one JSON line per machine, `{ machine, reached, total, flow }`, to the run's coverage file, if it has one. */
export function recordCoverage(flow: string, rows: ReturnType<TransitionCoverage['report']>, file = process.env[MODEL_COVERAGE_ENV]) {
  if (!file) return;
  appendFileSync(file, rows.map((r) => `${JSON.stringify({ machine: r.machine, reached: r.covered, total: r.total, flow })}\n`).join(''));
}
