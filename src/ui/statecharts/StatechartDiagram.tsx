import { useEffect, useState } from 'react';
import { layoutMachine, type Diagram, type MachineGraph } from '../../devtools/machineGraph';
import { Button } from '../kit/Button';
import { styled } from '../kit/stitches.config';

const Frame = styled('div', {
  overflow: 'auto',
  maxWidth: '100%',
  maxHeight: '70vh',
  border: '1px solid $border',
  borderRadius: '$2',
  backgroundColor: '$surface',
  '& svg': { display: 'block', fontFamily: '$body' },
});

const laidOut = new Map<MachineGraph, Promise<Diagram>>();
/** A machine's layout, once per machine for the page's life (elk takes tens of milliseconds a machine). */
function layoutOf(graph: MachineGraph) {
  let layout = laidOut.get(graph);
  if (!layout) {
    layout = layoutMachine(graph);
    laidOut.set(graph, layout);
  }
  return layout;
}

export interface StatechartDiagramProps {
  /** The machine's graph (src/devtools/machineGraphs.json, written by `npm run statecharts` from its definition). */
  graph: MachineGraph;
  /** Paths of the states to highlight (`signedIn`, `signedIn.idle`). */
  active?: ReadonlySet<string>;
  /** Ids of the edges the last step took. */
  taken?: ReadonlySet<string>;
}

/** A machine drawn offline: nested boxes for its states (the active ones highlighted), arrows with their events. */
export function StatechartDiagram({ graph, active, taken }: StatechartDiagramProps) {
  const [fit, setFit] = useState(true);
  const [layout, setLayout] = useState<{ graph: MachineGraph; diagram: Diagram } | null>(null);
  useEffect(() => {
    let current = true;
    void layoutOf(graph).then((diagram) => {
      if (current) setLayout({ graph, diagram });
    });
    return () => {
      current = false;
    };
  }, [graph]);
  if (!layout || layout.graph !== graph) return <p data-testid="diagram-loading">Laying out {graph.machineId}…</p>;
  const { diagram } = layout;
  return (
    <>
      <Button type="button" variant="ghost" size="sm" width="auto" aria-pressed={!fit} onClick={() => setFit(!fit)}>
        Actual size
      </Button>
      <Frame>
        <svg
          style={fit ? { width: '100%', maxWidth: diagram.width, height: 'auto' } : undefined}
          role="img"
          aria-label={`Statechart of ${graph.machineId}`}
          data-testid="statechart"
          data-machine={graph.machineId}
          width={diagram.width}
          height={diagram.height}
          viewBox={`0 0 ${diagram.width} ${diagram.height}`}
        >
          <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill="var(--colors-muted)" />
            </marker>
            <marker id="arrow-taken" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill="var(--colors-warning)" />
            </marker>
          </defs>
          {diagram.states.map(({ box, x, y, width, height }) => {
            const on = active?.has(box.id) ?? false;
            const compound = box.children.length > 0;
            return (
              <g key={box.id} data-state={box.id} data-active={on ? 'true' : undefined}>
                <rect
                  x={x}
                  y={y}
                  width={width}
                  height={height}
                  rx={compound ? 10 : 8}
                  fill={on ? 'var(--colors-successSoft)' : compound ? 'var(--colors-background)' : 'var(--colors-surface)'}
                  stroke={on ? 'var(--colors-success)' : 'var(--colors-control)'}
                  strokeWidth={on ? 2.5 : 1}
                  strokeDasharray={box.type === 'parallel' ? '6 3' : undefined}
                />
                <text
                  x={compound ? x + 10 : x + width / 2}
                  y={compound ? y + 19 : y + height / 2 + 4}
                  textAnchor={compound ? 'start' : 'middle'}
                  fontSize={12}
                  fontWeight={on || box.initial ? 700 : 400}
                  fill="var(--colors-text)"
                >
                  {box.initial ? '▸ ' : ''}
                  {box.key}
                  {box.type === 'final' ? ' ◉' : box.type === 'parallel' ? ' ∥' : ''}
                </text>
              </g>
            );
          })}
          {diagram.edges.map(({ edge, points, label }) => {
            const on = taken?.has(edge.id) ?? false;
            return (
              <g key={edge.id} data-edge={edge.label} data-taken={on ? 'true' : undefined}>
                <path
                  d={points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ')}
                  fill="none"
                  stroke={on ? 'var(--colors-warning)' : 'var(--colors-muted)'}
                  strokeWidth={on ? 2.5 : 1}
                  markerEnd={on ? 'url(#arrow-taken)' : 'url(#arrow)'}
                />
                {label && (
                  <text
                    x={label.x + 3}
                    y={label.y + 11}
                    fontSize={11}
                    fill={on ? 'var(--colors-warning)' : 'var(--colors-muted)'}
                    fontWeight={on ? 700 : 400}
                  >
                    {edge.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </Frame>
      {graph.rootTransitions.length > 0 && (
        <p data-testid="root-transitions">From any state: {graph.rootTransitions.map((edge) => `${edge.label} → ${edge.target}`).join('; ')}</p>
      )}
    </>
  );
}
