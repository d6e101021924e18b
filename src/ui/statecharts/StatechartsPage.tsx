import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { StateValue } from 'xstate';
import { activePaths, takenEdges, type MachineGraph } from '../../devtools/machineGraph';
import { STATECHARTS_CHANNEL } from '../../devtools/inspectionTap';
import type { StatechartMessage } from '../../devtools/statechartRecords';
import {
  actorTree,
  applyRecords,
  createRecording,
  dropTab,
  exportRecording,
  importRecording,
  type ActorEntry,
  type ActorTreeNode,
  type Recording,
} from '../../devtools/statechartRecording';
import { Button } from '../kit/Button';
import { styled } from '../kit/stitches.config';
import { StatechartDiagram } from './StatechartDiagram';

/*
 * The statechart visualizer (/__statecharts, issue 25): every machine of machines/ drawn offline, and the running
 * actors of every tab of the app (this one too), heard on the `atrium-statecharts` channel from the development
 * recorder. A development tool, never in a production build, so its words are English only and not in the catalogues
 * (as the kit page's, decision 060; docs/decisions/202-statechart-visualizer.md).
 */

interface MachineFile {
  file: string;
  graph: MachineGraph;
}

/**
 * Every machine file, the same set `npm run statecharts` draws into docs/statecharts/ (by the file's name), as the graph
 * that command writes from each machine's definition. Loaded with the page, not with its route.
 */
const loadMachines = () =>
  import('../../devtools/machineGraphs.json').then(({ default: files }) =>
    [...(files as MachineFile[])].sort((a, b) => a.file.localeCompare(b.file)),
  );

/** How often at most the page draws what the channel brought (a busy app sends hundreds of records a second). */
const RENDER_EVERY_MS = 250;
const LOG_SHOWN = 200;

const Main = styled('main', { maxWidth: 1400, margin: '0 auto', padding: '$5 $4 $8', color: '$text', minWidth: 0 });
const Title = styled('h1', { fontSize: '$6', lineHeight: '$tight', margin: '0 0 $2' });
const Lead = styled('p', { color: '$muted', margin: '0 0 $5', maxWidth: 760 });
const Columns = styled('div', {
  display: 'grid',
  gap: '$5',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@tablet': { gridTemplateColumns: '300px minmax(0, 1fr)' },
});
const Side = styled('div', { display: 'flex', flexDirection: 'column', gap: '$5', minWidth: 0 });
const Section = styled('section', { minWidth: 0, '& > h2': { fontSize: '$4', margin: '0 0 $3' } });
const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& ul': { listStyle: 'none', margin: 0, paddingLeft: '$4', borderLeft: '1px solid $border' },
});
const Pick = styled('button', {
  display: 'block',
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  fontSize: '$2',
  color: '$text',
  background: 'none',
  border: '1px solid transparent',
  borderRadius: '$1',
  padding: '6px $2',
  minHeight: 32,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  '&:hover': { backgroundColor: '$neutralSoft' },
  '&[aria-pressed="true"]': { borderColor: '$primary', backgroundColor: '$neutralSoft', fontWeight: 700 },
  '& small': { color: '$muted', fontSize: '$1', fontWeight: 400 },
  '& code': { fontFamily: '$mono', fontSize: '$1', color: '$success' },
});
const MachineList = styled(List, { maxHeight: 320, overflow: 'auto', border: '1px solid $border', borderRadius: '$2', padding: '$1' });
const Row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', alignItems: 'center', margin: '0 0 $3' });
const Muted = styled('p', { color: '$muted', fontSize: '$2', margin: '0 0 $3' });
const Json = styled('pre', {
  fontFamily: '$mono',
  fontSize: '$1',
  backgroundColor: '$background',
  border: '1px solid $border',
  borderRadius: '$2',
  padding: '$3',
  maxHeight: 320,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
});
const Table = styled('table', {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: '$1',
  '& th, & td': { textAlign: 'left', padding: '4px $2', borderBottom: '1px solid $border', overflowWrap: 'anywhere' },
  '& td': { fontFamily: '$mono' },
});
const LogBox = styled('div', { maxHeight: 360, overflow: 'auto' });
const FileLabel = styled('label', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  fontSize: '$2',
  '& input': { fontSize: '$1', maxWidth: 220 },
});
const ErrorText = styled('p', { color: '$danger', margin: '0 0 $3' });

/** A state value as one line: `signedIn.idle`, parallel regions joined with commas. */
export function stateText(value: StateValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  const paths = activePaths(value);
  return paths.filter((path) => !paths.some((other) => other.startsWith(`${path}.`))).join(', ');
}

const latest = (entry: ActorEntry) => entry.snapshots[entry.snapshots.length - 1];

/** The live recording of every tab heard on the channel, drawn at most every RENDER_EVERY_MS. */
function useLiveRecording(): Recording {
  const recording = useRef<Recording>(createRecording());
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(STATECHARTS_CHANNEL);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const redraw = () => {
      if (timer === null)
        timer = setTimeout(() => {
          timer = null;
          setVersion((v) => v + 1);
        }, RENDER_EVERY_MS);
    };
    channel.onmessage = ({ data }: MessageEvent<StatechartMessage>) => {
      switch (data?.type) {
        case 'app.hello':
          channel.postMessage({ type: 'visualizer.hello' } satisfies StatechartMessage);
          return;
        case 'recording.history':
          dropTab(recording.current, data.tab);
          applyRecords(recording.current, data.records);
          return redraw();
        case 'recording.records':
          applyRecords(recording.current, data.records);
          return redraw();
        case 'app.bye':
          dropTab(recording.current, data.tab);
          return redraw();
        default:
          return;
      }
    };
    channel.postMessage({ type: 'visualizer.hello' } satisfies StatechartMessage);
    return () => {
      if (timer !== null) clearTimeout(timer);
      channel.close();
    };
  }, []);
  return recording.current;
}

function ActorNodes({ nodes, selected, onSelect }: { nodes: ActorTreeNode[]; selected: string | null; onSelect: (sessionId: string) => void }) {
  return (
    <List>
      {nodes.map(({ entry, children }) => {
        const { actor } = entry;
        const state = stateText(latest(entry)?.value);
        return (
          <li key={actor.sessionId}>
            <Pick
              type="button"
              aria-pressed={selected === actor.sessionId}
              data-testid="actor"
              data-actor={actor.id}
              data-machine={actor.machineId ?? ''}
              data-state={state}
              onClick={() => onSelect(actor.sessionId)}
            >
              {actor.id} {actor.machineId && actor.machineId !== actor.id && <small>({actor.machineId})</small>}
              {actor.parentId === null && <small> {actor.location}</small>}
              {state && (
                <>
                  <br />
                  <code>{state}</code>
                </>
              )}
            </Pick>
            {children.length > 0 && <ActorNodes nodes={children} selected={selected} onSelect={onSelect} />}
          </li>
        );
      })}
    </List>
  );
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function StatechartsPage() {
  const [machines, setMachines] = useState<MachineFile[]>([]);
  const [selected, setSelected] = useState<{ kind: 'machine'; file: string } | { kind: 'actor'; sessionId: string }>({
    kind: 'machine',
    file: 'session',
  });
  /** The snapshot shown of the selected actor: null follows the latest. */
  const [step, setStep] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<{ name: string; recording: Recording } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const live = useLiveRecording();
  const recording = loaded?.recording ?? live;

  useEffect(() => {
    void loadMachines().then(setMachines);
  }, []);
  const byId = useMemo(() => new Map(machines.map((m) => [m.graph.machineId, m.graph])), [machines]);

  const entry = selected.kind === 'actor' ? recording.actors.get(selected.sessionId) : undefined;
  const graph =
    selected.kind === 'machine'
      ? machines.find((m) => m.file === selected.file)?.graph
      : entry?.actor.machineId
        ? byId.get(entry.actor.machineId)
        : undefined;
  const snapshots = entry?.snapshots ?? [];
  const index = snapshots.length === 0 ? -1 : step === null ? snapshots.length - 1 : Math.min(step, snapshots.length - 1);
  const shown = index >= 0 ? snapshots[index] : undefined;
  const active = useMemo(() => new Set(activePaths(shown?.value)), [shown]);
  const taken = useMemo(() => (graph && shown ? takenEdges(graph, shown.transitions) : new Set<string>()), [graph, shown]);
  const tree = actorTree(recording);
  const log = recording.log.slice(-LOG_SHOWN).reverse();

  const selectActor = (sessionId: string) => {
    setSelected({ kind: 'actor', sessionId });
    setStep(null);
  };
  const exportNow = () =>
    download(`statecharts-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, JSON.stringify(exportRecording(recording), null, 2));
  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setLoaded({ name: file.name, recording: importRecording(await file.text()) });
      setLoadError(null);
      setStep(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Main id="main">
      <Title>Statechart visualizer</Title>
      <Lead>
        Every machine of machines/, drawn offline, and the running actors of every tab of this app in this browser (heard from the development
        recorder on the <code>{STATECHARTS_CHANNEL}</code> channel). Select an actor to see its states, context and the events it took.
      </Lead>
      <Row>
        <Button type="button" variant="secondary" size="sm" width="auto" onClick={exportNow} data-testid="export">
          Export the recording
        </Button>
        <FileLabel>
          Load a recording
          <input type="file" accept="application/json,.json" onChange={(event) => void loadFile(event)} data-testid="import" />
        </FileLabel>
        {loaded && (
          <>
            <span data-testid="loaded-recording">Viewing {loaded.name}</span>
            <Button type="button" variant="secondary" size="sm" width="auto" onClick={() => setLoaded(null)}>
              Back to live
            </Button>
          </>
        )}
      </Row>
      {loadError && <ErrorText role="alert">{loadError}</ErrorText>}
      <Columns>
        <Side>
          <Section aria-labelledby="actors-heading">
            <h2 id="actors-heading">{loaded ? 'Actors (recording)' : 'Running actors'}</h2>
            {tree.length ? (
              <ActorNodes nodes={tree} selected={selected.kind === 'actor' ? selected.sessionId : null} onSelect={selectActor} />
            ) : (
              <Muted data-testid="no-actors">No actor heard yet: open the app in another tab of this browser.</Muted>
            )}
          </Section>
          <Section aria-labelledby="machines-heading">
            <h2 id="machines-heading">Machines ({machines.length || '…'})</h2>
            <MachineList data-testid="machines">
              {machines.map(({ file, graph: g }) => (
                <li key={file}>
                  <Pick
                    type="button"
                    data-testid="machine"
                    data-file={file}
                    aria-pressed={selected.kind === 'machine' && selected.file === file}
                    onClick={() => {
                      setSelected({ kind: 'machine', file });
                      setStep(null);
                    }}
                  >
                    {file} {g.machineId !== file && <small>({g.machineId})</small>}
                  </Pick>
                </li>
              ))}
            </MachineList>
          </Section>
        </Side>
        <Side>
          <Section aria-labelledby="chart-heading">
            <h2 id="chart-heading">
              {entry ? `${entry.actor.id}${entry.live ? '' : ' (stopped)'}` : selected.kind === 'machine' ? selected.file : 'The actor has gone'}
            </h2>
            {entry && (
              <Row>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  width="auto"
                  disabled={index <= 0}
                  onClick={() => setStep(Math.max(0, index - 1))}
                >
                  Previous snapshot
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  width="auto"
                  disabled={index >= snapshots.length - 1}
                  onClick={() => setStep(index + 1)}
                >
                  Next snapshot
                </Button>
                <Button type="button" variant="secondary" size="sm" width="auto" disabled={step === null} onClick={() => setStep(null)}>
                  Follow the latest
                </Button>
                <span data-testid="step" data-state={stateText(shown?.value)}>
                  Snapshot {index + 1} of {snapshots.length}
                  {shown && (
                    <>
                      : <code>{stateText(shown.value) || shown.status}</code> after <code>{shown.event}</code>
                    </>
                  )}
                </span>
              </Row>
            )}
            {graph ? (
              <StatechartDiagram graph={graph} active={active} taken={taken} />
            ) : entry ? (
              <Muted>
                {entry.actor.machineId
                  ? `No machine file has the id ${entry.actor.machineId}.`
                  : 'Not a state machine (a promise or callback actor).'}
              </Muted>
            ) : (
              <Muted>{machines.length ? 'Select a machine or an actor.' : 'Loading the machines…'}</Muted>
            )}
          </Section>
          {entry && (
            <Section aria-labelledby="context-heading">
              <h2 id="context-heading">Context</h2>
              <Json data-testid="context" tabIndex={0}>
                {JSON.stringify(shown?.context ?? null, null, 2)}
              </Json>
            </Section>
          )}
          <Section aria-labelledby="log-heading">
            <h2 id="log-heading">Events</h2>
            <Muted>
              The last {Math.min(LOG_SHOWN, recording.log.length)} of {recording.log.length} events kept (at most {recording.limits.log}), newest
              first.
            </Muted>
            <LogBox tabIndex={0} aria-label="Event log">
              <Table data-testid="event-log">
                <thead>
                  <tr>
                    <th scope="col">From</th>
                    <th scope="col">Event</th>
                    <th scope="col">To</th>
                  </tr>
                </thead>
                <tbody>
                  {log.map((event, i) => (
                    <tr key={`${event.at}-${i}`}>
                      <td>{event.source ?? '(outside)'}</td>
                      <td>{event.type}</td>
                      <td>{event.target}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </LogBox>
          </Section>
        </Side>
      </Columns>
    </Main>
  );
}
