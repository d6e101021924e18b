/**
 * Writes a Mermaid state diagram per machine into docs/statecharts/. `--check` fails when a diagram is stale,
 * so CI catches a machine changed without its picture.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rsvpMachine } from '../machines/content/rsvp.machine';
import { claimMachine } from '../machines/content/claim.machine';
import { contentDetailMachine } from '../machines/content/contentDetail.machine';
import { linkOutFrameMachine } from '../machines/linkOut/linkOutFrame.machine';
import { homeMachine } from '../machines/home/home.machine';
import { feedSectionMachine } from '../machines/home/feedSection.machine';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { appMachine } from '../machines/app/app.machine';
import { authFlowMachine } from '../machines/auth/authFlow.machine';
import { buildingMachine } from '../machines/building/building.machine';
import { flagsMachine } from '../machines/flags/flags.machine';
import { globalErrorMachine } from '../machines/globalError/globalError.machine';
import { kioskMachine } from '../machines/kiosk/kiosk.machine';
import { localeMachine } from '../machines/locale/locale.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { profileFormMachine } from '../machines/account/profileForm.machine';
import { passwordUpdateMachine } from '../machines/account/passwordUpdate.machine';
import { emailConsentMachine } from '../machines/account/emailConsent.machine';
import { farmSelectorMachine } from '../machines/farm/farmSelector.machine';
import { analyticsConsentMachine } from '../machines/analytics/analyticsConsent.machine';
import { amenitiesMachine } from '../machines/directory/amenities.machine';
import { amenityDetailMachine } from '../machines/directory/amenityDetail.machine';
import { companyDirectoryMachine } from '../machines/directory/companyDirectory.machine';
import { companyDetailMachine } from '../machines/directory/companyDetail.machine';

const MACHINES: { file: string; machine: AnyStateMachine; source: string }[] = [
  { file: 'app', machine: appMachine, source: 'machines/app/app.machine.ts' },
  { file: 'authFlow', machine: authFlowMachine, source: 'machines/auth/authFlow.machine.ts' },
  { file: 'session', machine: sessionMachine, source: 'machines/session/session.machine.ts' },
  { file: 'building', machine: buildingMachine, source: 'machines/building/building.machine.ts' },
  { file: 'flags', machine: flagsMachine, source: 'machines/flags/flags.machine.ts' },
  { file: 'locale', machine: localeMachine, source: 'machines/locale/locale.machine.ts' },
  { file: 'globalError', machine: globalErrorMachine, source: 'machines/globalError/globalError.machine.ts' },
  { file: 'kiosk', machine: kioskMachine, source: 'machines/kiosk/kiosk.machine.ts' },
  { file: 'profileForm', machine: profileFormMachine, source: 'machines/account/profileForm.machine.ts' },
  { file: 'passwordUpdate', machine: passwordUpdateMachine, source: 'machines/account/passwordUpdate.machine.ts' },
  { file: 'emailConsent', machine: emailConsentMachine, source: 'machines/account/emailConsent.machine.ts' },
  { file: 'farmSelector', machine: farmSelectorMachine, source: 'machines/farm/farmSelector.machine.ts' },
  { file: 'analyticsConsent', machine: analyticsConsentMachine, source: 'machines/analytics/analyticsConsent.machine.ts' },
  { file: 'rsvp', machine: rsvpMachine, source: 'machines/content/rsvp.machine.ts' },
  { file: 'claim', machine: claimMachine, source: 'machines/content/claim.machine.ts' },
  { file: 'contentDetail', machine: contentDetailMachine, source: 'machines/content/contentDetail.machine.ts' },
  { file: 'linkOutFrame', machine: linkOutFrameMachine, source: 'machines/linkOut/linkOutFrame.machine.ts' },
  { file: 'home', machine: homeMachine, source: 'machines/home/home.machine.ts' },
  { file: 'feedSection', machine: feedSectionMachine, source: 'machines/home/feedSection.machine.ts' },
  { file: 'amenities', machine: amenitiesMachine, source: 'machines/directory/amenities.machine.ts' },
  { file: 'amenityDetail', machine: amenityDetailMachine, source: 'machines/directory/amenityDetail.machine.ts' },
  { file: 'companyDirectory', machine: companyDirectoryMachine, source: 'machines/directory/companyDirectory.machine.ts' },
  { file: 'companyDetail', machine: companyDetailMachine, source: 'machines/directory/companyDetail.machine.ts' },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs', 'statecharts');

const idOf = (node: AnyStateNode) => node.path.join('__') || 'root';

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: string }).type);
  return 'guard';
}

function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(?:\d+\.)?(.+)$/.exec(eventType);
  if (done) return `done`;
  const error = /^xstate\.error\.actor\.(?:\d+\.)?(.+)$/.exec(eventType);
  if (error) return `error`;
  if (eventType.startsWith('xstate.done.state')) return 'done';
  return eventType;
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

const check = process.argv.includes('--check');
await mkdir(outDir, { recursive: true });
let stale = 0;
for (const { file, machine, source } of MACHINES) {
  const body = `# ${machine.id}\n\nGenerated by \`npm run statecharts\` from [${source}](../../${source}). Do not edit.\n\n\`\`\`mermaid\n${render(machine)}\n\`\`\`\n`;
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
if (check && !stale) console.log(`statecharts: ${MACHINES.length} diagrams up to date`);
process.exit(stale ? 1 : 0);
