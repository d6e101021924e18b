import { expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createActor, type InspectionEvent } from 'xstate';
import { COLOR_SCHEME_ID, colorSchemeMachine, type ColorSchemePreference } from '../../machines/appearance/colorScheme.machine';
import { AppearanceSetting } from '../../src/ui/account/AccountPage';
import accountMessages from '../../src/i18n/areas/account/en.json';
import { colorSchemeModel, type ColorSchemeModelEvent, type ColorSchemeModelState } from './colorScheme.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { renderInApp, standInApp } from './appStandIn.harness';

const KEPT: Record<string, string | null> = { 'start.none': null, 'start.kept': 'dark', 'start.unknown': 'sepia' };
const CHOICE: Record<string, ColorSchemePreference> = { 'user.chooseSystem': 'system', 'user.chooseLight': 'light', 'user.chooseDark': 'dark' };
const LABEL: Record<ColorSchemePreference, string> = { system: 'Same as this device', light: 'Light', dark: 'Dark' };

/** The colour scheme actor as the app runs it, its page and storage spies. */
function start(event: ColorSchemeModelEvent, inspect?: (event: InspectionEvent) => void) {
  const applied = vi.fn();
  const persisted = vi.fn();
  const actor = createActor(
    colorSchemeMachine.provide({
      actions: { applyPreference: (_, p) => applied(p.preference), persistPreference: (_, p) => persisted(p.preference) },
    }),
    { input: { persisted: KEPT[event.type] }, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, applied, persisted };
}
type Flow = ReturnType<typeof start>;

/** The machine holds the preference, and the page shows it (the last one applied). */
const machineIn = (preference: ColorSchemePreference) => (flow: Flow) =>
  flow.actor.getSnapshot().context.preference === preference && flow.applied.mock.lastCall?.[0] === preference;
const checked = (preference: ColorSchemePreference) => () =>
  expect((screen.getByRole('radio', { name: LABEL[preference] }) as HTMLInputElement).checked).toBe(true);
const opening = (): never => {
  throw new Error('no step ends in opening: it is the state before a start.* event');
};

modelSuite<typeof colorSchemeModel, Flow, ColorSchemeModelState>({
  name: 'colour scheme',
  model: colorSchemeModel,
  start: (event, { inspect }) => start(event!, inspect),
  render: ({ actor }) => renderInApp(standInApp({ [COLOR_SCHEME_ID]: actor }), <AppearanceSetting />, accountMessages),
  world: () => {
    throw new Error('the colour scheme has only the person');
  },
  send: ({ actor }, event) => actor.send({ type: 'user.choose', preference: CHOICE[event.type]! }),
  press: (_, event) => fireEvent.click(screen.getByRole('radio', { name: LABEL[CHOICE[event.type]!] })),
  machineState: { opening, system: machineIn('system'), light: machineIn('light'), dark: machineIn('dark') },
  viewState: { opening, system: checked('system'), light: checked('light'), dark: checked('dark') },
  // Every choice, and only a choice, is kept for the next visit.
  finally: ({ persisted }, events) =>
    expect(persisted.mock.calls.map(([p]) => p)).toEqual(events.filter((e) => e.type in CHOICE).map((e) => CHOICE[e.type])),
  stop: ({ actor }) => actor.stop(),
  machines: [colorSchemeMachine],
  everyMachineTransition: true,
});

it('colour scheme: the test model has a choice from each preference to each other one', () =>
  expect(modelGraph(colorSchemeModel).edges.length).toBe(9));
