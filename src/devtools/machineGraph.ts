/**
 * A machine's structure as a graph (from `machine.root`: states, nested and parallel states, transitions with their
 * events and guards' names) and its layout by elkjs, for the statechart visualizer. Offline: elkjs's bundled build
 * runs in the page, without a worker.
 */
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { TakenTransition } from './statechartRecords';

export interface StateBox {
  /** The state's path inside the machine (`signedIn.idle`), as taken transitions name it. */
  id: string;
  key: string;
  type: string;
  initial: boolean;
  children: StateBox[];
}

export interface TransitionEdge {
  id: string;
  source: string;
  target: string;
  event: string;
  guard: string;
  label: string;
}

export interface MachineGraph {
  machineId: string;
  states: StateBox[];
  edges: TransitionEdge[];
  /** Transitions of the machine itself (on its root), which no box draws: listed under the diagram. */
  rootTransitions: TransitionEdge[];
}

const pathOf = (node: AnyStateNode) => node.path.join('.');

/** A guard as the diagrams name it (scripts/statecharts.ts uses it too): its name, with `and`/`or` parts. */
export function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  const parts = (guard as { guards?: unknown[] }).guards;
  if (typeof guard === 'function' && Array.isArray(parts)) {
    const kind = String((guard as { check?: { name?: string } }).check?.name ?? '').includes('or') ? ' or ' : ' and ';
    return parts.map(guardLabel).join(parts.length > 1 ? kind : '');
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: string }).type);
  return 'guard';
}

/** An event as the diagram shows it: an actor's done or error event by its kind. */
export function eventLabel(eventType: string): string {
  if (/^xstate\.done\.actor\./.test(eventType) || eventType.startsWith('xstate.done.state')) return 'done';
  if (/^xstate\.error\.actor\./.test(eventType)) return 'error';
  return eventType;
}

export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const edges: TransitionEdge[] = [];
  const rootTransitions: TransitionEdge[] = [];
  const seen = new Set<string>();
  const addEdges = (node: AnyStateNode) => {
    const all: { eventType: string; target?: readonly AnyStateNode[]; guard?: unknown }[] = [
      ...[...node.transitions].flatMap(([eventType, transitions]) => transitions.map((t) => ({ eventType, target: t.target, guard: t.guard }))),
      ...(node.always ?? []).map((t) => ({ eventType: 'always', target: t.target, guard: t.guard })),
    ];
    for (const transition of all) {
      for (const target of transition.target ?? []) {
        const guard = guardLabel(transition.guard);
        const event = eventLabel(transition.eventType);
        const edge: TransitionEdge = {
          id: `${pathOf(node)}→${pathOf(target)}:${transition.eventType}[${guard}]`,
          source: pathOf(node),
          target: pathOf(target),
          event: transition.eventType,
          guard,
          label: guard ? `${event} [${guard}]` : event,
        };
        if (seen.has(edge.id)) continue;
        seen.add(edge.id);
        (node.path.length ? edges : rootTransitions).push(edge);
      }
    }
  };
  const box = (node: AnyStateNode, initial: boolean): StateBox => {
    addEdges(node);
    const initialKey = node.type === 'compound' ? node.initial?.target[0]?.key : undefined;
    return {
      id: pathOf(node),
      key: node.key,
      type: node.type,
      initial,
      children: (Object.values(node.states) as AnyStateNode[]).map((child) => box(child, child.key === initialKey)),
    };
  };
  addEdges(machine.root);
  const rootInitial = machine.root.initial?.target[0]?.key;
  const states = (Object.values(machine.root.states) as AnyStateNode[]).map((child) => box(child, child.key === rootInitial));
  return { machineId: machine.id, states, edges, rootTransitions };
}

/** The paths of every state a state value is in (`{ signedIn: 'idle' }` is in `signedIn` and `signedIn.idle`). */
export function activePaths(value: StateValue | null | undefined, prefix: string[] = []): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  return Object.entries(value).flatMap(([key, inner]) => [[...prefix, key].join('.'), ...activePaths(inner as StateValue, [...prefix, key])]);
}

/** The edges a snapshot's transitions took (a transition of the root, or one without a target, draws no edge). */
export function takenEdges(graph: MachineGraph, taken: readonly TakenTransition[]): Set<string> {
  const ids = new Set<string>();
  for (const transition of taken)
    for (const edge of graph.edges)
      if (edge.source === transition.source && transition.targets.includes(edge.target) && edge.event === transition.event) ids.add(edge.id);
  return ids;
}

export interface PlacedState {
  box: StateBox;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  edge: TransitionEdge;
  /** The route as points (start, bends, end), in the diagram's coordinates. */
  points: { x: number; y: number }[];
  label: { x: number; y: number; width: number; height: number } | null;
}

export interface Diagram {
  width: number;
  height: number;
  states: PlacedState[];
  edges: PlacedEdge[];
}

const FONT_WIDTH = 7;
const LABEL_FONT_WIDTH = 6.2;
const textWidth = (text: string, perChar: number) => Math.ceil(text.length * perChar);

type Layout = (graph: ElkNode) => Promise<ElkNode>;

let elkLayout: Promise<Layout> | null = null;
/**
 * elkjs's bundled build, loaded with the first diagram as a classic script of this origin (it sets `window.ELK`): as a
 * module its CommonJS wrapper would add a `require` shim to the bundler's runtime, which every page's first load carries.
 */
function defaultLayout(): Promise<Layout> {
  elkLayout ??= import('elkjs/lib/elk.bundled.js?url').then(
    ({ default: url }) =>
      new Promise<Layout>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.onload = () => {
          const ELK = (window as unknown as { ELK: new () => { layout: Layout } }).ELK;
          const elk = new ELK();
          resolve((graph) => elk.layout(graph));
        };
        script.onerror = () => reject(new Error('elkjs did not load'));
        document.head.append(script);
      }),
  );
  return elkLayout;
}

/** Lays the graph out with elkjs (layered, nested boxes, edges across levels), in absolute coordinates; `layout` replaces elkjs's loading (tests). */
export async function layoutMachine(graph: MachineGraph, layout?: Layout): Promise<Diagram> {
  const elkNode = (box: StateBox): ElkNode =>
    box.children.length
      ? {
          id: box.id,
          layoutOptions: { 'elk.padding': `[top=${box.type === 'parallel' ? 34 : 30},left=12,bottom=12,right=12]` },
          // The box's title must fit: elk grows a compound node to its children, not to its label.
          width: textWidth(box.key, FONT_WIDTH) + 40,
          height: 40,
          children: box.children.map(elkNode),
        }
      : { id: box.id, width: Math.max(72, textWidth(box.key, FONT_WIDTH) + 28), height: 34 };
  const root: ElkNode = {
    id: '(root)',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: graph.states.map(elkNode),
    edges: graph.edges.map((edge): ElkExtendedEdge => ({
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      labels: [{ text: edge.label, width: textWidth(edge.label, LABEL_FONT_WIDTH) + 6, height: 14 }],
    })),
  };
  const result = await (layout ?? (await defaultLayout()))(root);

  const boxes = new Map<string, StateBox>();
  const collect = (box: StateBox) => {
    boxes.set(box.id, box);
    box.children.forEach(collect);
  };
  graph.states.forEach(collect);
  const edges = new Map(graph.edges.map((edge) => [edge.id, edge]));

  const states: PlacedState[] = [];
  /** Where each node's inside starts (its children's and its edges' coordinates are relative to it). */
  const origins = new Map<string, { x: number; y: number }>([['(root)', { x: 0, y: 0 }]]);
  const place = (node: ElkNode, originX: number, originY: number) => {
    const x = originX + (node.x ?? 0);
    const y = originY + (node.y ?? 0);
    origins.set(node.id, { x, y });
    const box = boxes.get(node.id);
    if (box) states.push({ box, x, y, width: node.width ?? 0, height: node.height ?? 0 });
    node.children?.forEach((child) => place(child, x, y));
  };
  result.children?.forEach((child) => place(child, 0, 0));

  const placed: PlacedEdge[] = [];
  const placeEdges = (node: ElkNode) => {
    for (const elkEdge of (node.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
      const edge = edges.get(elkEdge.id);
      const section = elkEdge.sections?.[0];
      if (!edge || !section) continue;
      const origin = origins.get(elkEdge.container ?? node.id) ?? { x: 0, y: 0 };
      const shift = (p: { x: number; y: number }) => ({ x: p.x + origin.x, y: p.y + origin.y });
      const label = elkEdge.labels?.[0];
      placed.push({
        edge,
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift),
        label: label ? { ...shift({ x: label.x ?? 0, y: label.y ?? 0 }), width: label.width ?? 0, height: label.height ?? 0 } : null,
      });
    }
    node.children?.forEach(placeEdges);
  };
  placeEdges(result);
  return { width: result.width ?? 0, height: result.height ?? 0, states, edges: placed };
}
