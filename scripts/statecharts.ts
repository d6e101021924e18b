/**
 * Writes a Mermaid state diagram for every `*.machine.ts` under `machines/` (found on disk, no list to keep) into
 * docs/statecharts/. `--check` fails when a machine has no diagram, a stale one, or a diagram has no machine left,
 * so CI catches a machine changed without its picture.
 */
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { guardLabel, machineGraph } from '../src/devtools/machineGraph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs', 'statecharts');

const idOf = (node: AnyStateNode) => node.path.join('__') || 'root';

function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(?:\d+\.)?(.+)$/.exec(eventType);
  if (done) return `done`;
  const error = /^xstate\.error\.actor\.(?:\d+\.)?(.+)$/.exec(eventType);
  if (error) return `error`;
  if (eventType.startsWith('xstate.done.state')) return 'done';
  return eventType;
}

/** An action as the diagram names it: its name in setup, or what kind of inline action it is. */
function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: string }).type);
  if (typeof action === 'function') {
    const builtIn = (action as { type?: unknown }).type;
    return typeof builtIn === 'string' ? builtIn.replace(/^xstate\./, '') : 'inline';
  }
  return 'inline';
}

/**
 * The transitions that change no state but run actions (the app's coordination rules are of this kind): a table
 * under the diagram, by state, event, guard and the actions in order.
 */
function renderRules(machine: AnyStateMachine): string {
  const rows: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [eventType, transitions] of node.transitions) {
      for (const transition of transitions) {
        if (transition.target?.length) continue;
        const actions = (transition.actions ?? []).map(actionLabel);
        if (!actions.length) continue;
        const where = node.path.length ? node.path.join('.') : '(any state)';
        rows.push(`| ${where} | ${eventLabel(eventType)} | ${guardLabel(transition.guard)} | ${actions.join(', ')} |`);
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  if (!rows.length) return '';
  return ['', '## Transitions that run actions in place', '', '| state | event | guard | actions |', '| --- | --- | --- | --- |', ...rows, ''].join(
    '\n',
  );
}

function render(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const edges: string[] = [];

  const walk = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    for (const child of children) {
      const id = idOf(child);
      const label = child.key;
      const childStates = Object.values(child.states) as AnyStateNode[];
      if (childStates.length) {
        lines.push(`${indent}state "${label}" as ${id} {`);
        if (child.type === 'parallel') {
          childStates.forEach((region, index) => {
            if (index > 0) lines.push(`${indent}  --`);
            lines.push(`${indent}  state "${region.key}" as ${idOf(region)} {`);
            walk(region, `${indent}    `);
            lines.push(`${indent}  }`);
          });
        } else {
          walk(child, `${indent}  `);
        }
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${label}" as ${id}`);
      }
      if (child.type === 'final') edges.push(`${id} --> [*]`);
    }
    if (node.type !== 'parallel' && node.initial && children.length) {
      const initial = node.initial.target[0];
      if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
    }
    for (const child of children) {
      for (const [eventType, transitions] of child.transitions) {
        for (const transition of transitions) {
          for (const target of transition.target ?? []) {
            const guard = guardLabel(transition.guard);
            edges.push(`${idOf(child)} --> ${idOf(target)} : ${eventLabel(eventType)}${guard ? ` [${guard}]` : ''}`);
          }
        }
      }
      for (const transition of child.always ?? []) {
        for (const target of transition.target ?? []) {
          const guard = guardLabel(transition.guard);
          edges.push(`${idOf(child)} --> ${idOf(target)} : always${guard ? ` [${guard}]` : ''}`);
        }
      }
    }
  };

  walk(machine.root, '  ');
  const unique = [...new Set(edges)];
  return [...lines, ...unique.map((edge) => `  ${edge}`)].join('\n');
}

/** Every `*.machine.ts` under `machines/`, with the machine it exports; a file without one is an error. */
async function findMachines(): Promise<{ file: string; machine: AnyStateMachine; source: string }[]> {
  const files = (await readdir(path.join(root, 'machines'), { recursive: true }))
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name.endsWith('.machine.ts'))
    .sort();
  const found: { file: string; machine: AnyStateMachine; source: string }[] = [];
  for (const name of files) {
    const module = (await import(pathToFileURL(path.join(root, 'machines', name)).href)) as Record<string, unknown>;
    const machines = Object.values(module).filter((value): value is AnyStateMachine => value instanceof StateMachine);
    if (machines.length !== 1) throw new Error(`machines/${name} must export exactly one machine (found ${machines.length})`);
    found.push({ file: path.basename(name, '.machine.ts'), machine: machines[0]!, source: `machines/${name}` });
  }
  const names = found.map((m) => m.file);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`two machine files are named ${twice}.machine.ts: their diagrams would share a file`);
  return found;
}

const MACHINES = await findMachines();
const check = process.argv.includes('--check');
await mkdir(outDir, { recursive: true });
let stale = 0;
// A diagram whose machine is gone is stale too.
const expected = new Set(MACHINES.map((m) => `${m.file}.md`));
for (const name of await readdir(outDir)) {
  if (!name.endsWith('.md') || expected.has(name)) continue;
  if (check) {
    console.error(`docs/statecharts/${name} has no machine: run npm run statecharts`);
    stale += 1;
  } else {
    await unlink(path.join(outDir, name));
    console.log(`removed docs/statecharts/${name}`);
  }
}
for (const { file, machine, source } of MACHINES) {
  const body = `# ${machine.id}\n\nGenerated by \`npm run statecharts\` from [${source}](../../${source}). Do not edit.\n\n\`\`\`mermaid\n${render(machine)}\n\`\`\`\n${renderRules(machine)}`;
  const target = path.join(outDir, `${file}.md`);
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current === body) continue;
  if (check) {
    console.error(`docs/statecharts/${file}.md is stale: run npm run statecharts`);
    stale += 1;
  } else {
    await writeFile(target, body);
    console.log(`wrote docs/statecharts/${file}.md`);
  }
}
// The statechart visualizer's machines (/__statecharts): each machine's graph from its definition, by file name. A
// generated file and not the machines themselves, so the development build's chunks of the app stay as they are.
const graphsFile = path.join(root, 'src', 'devtools', 'machineGraphs.json');
const graphs = `${JSON.stringify(
  MACHINES.map(({ file, machine }) => ({ file, graph: machineGraph(machine) })),
  null,
  1,
)}\n`;
if ((await readFile(graphsFile, 'utf8').catch(() => '')) !== graphs) {
  if (check) {
    console.error('src/devtools/machineGraphs.json is stale: run npm run statecharts');
    stale += 1;
  } else {
    await writeFile(graphsFile, graphs);
    console.log('wrote src/devtools/machineGraphs.json');
  }
}
if (check && !stale) console.log(`statecharts: ${MACHINES.length} diagrams up to date`);
process.exit(stale ? 1 : 0);
