import { Suspense } from 'react';
import { expect, it } from 'vitest';
import { type InspectionEvent, type SnapshotFrom } from 'xstate';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { globalErrorModel, type GlobalErrorModelEvent, type GlobalErrorModelState, type Owner } from './globalError.model';
import { globalErrorHarness, OWNERS, raised } from './globalError.harness';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { globalErrorMachine } from '../../machines/globalError/globalError.machine';
import { AppActorProvider } from '../../src/ui/appContext';
import { GlobalErrorModal } from '../../src/ui/shell/GlobalErrorModal';
import { englishCatalogue } from '../../src/i18n/locales';

type Snapshot = SnapshotFrom<typeof globalErrorMachine>;
type Model = SnapshotFrom<typeof globalErrorModel>;

/** The global error actor beside two fake owners, and what the owners and goBack must have seen by the model's steps. */
function start(inspect?: (event: InspectionEvent) => void) {
  return { ...globalErrorHarness(inspect), retries: { a: 0, b: 0 }, goBacks: 0 };
}
type Flow = ReturnType<typeof start>;

/** A person's action: a retry goes to the owner of the error shown; a go-back leaves the page. */
function expectTold(flow: Flow, event: GlobalErrorModelEvent, before: Model) {
  if (event.type === 'user.retry' && before.context.shown) flow.retries[before.context.shown] += 1;
  if (event.type === 'user.goBack') flow.goBacks += 1;
}

/** Where the real machine must be for each model state. */
const MACHINE_STATE: Record<GlobalErrorModelState, (s: Snapshot) => boolean> = {
  idle: (s) => s.matches('idle') && !s.hasTag('modal:globalError'),
  retryable: (s) => s.matches({ showing: 'retryable' }) && s.hasTag('modal:globalError'),
  retrying: (s) => s.matches({ showing: 'retrying' }) && s.hasTag('retrying'),
  failedTwice: (s) => s.matches({ showing: 'failedTwice' }) && s.hasTag('modal:globalError'),
};

/**
 * The machine in the model's state, showing the error of the owner the model shows, and the owners and goBack told
 * exactly what the person's actions so far asked for (each retry re-sent to the owner whose error was shown).
 */
const machineState = (state: GlobalErrorModelState) => (flow: Flow, model: Model) => {
  const snapshot = flow.globalError.getSnapshot();
  const shown = model.context.shown;
  expect(flow.received.rsvp).toEqual(Array.from({ length: flow.retries.a }, () => OWNERS.a.event));
  expect(flow.received.offer).toEqual(Array.from({ length: flow.retries.b }, () => OWNERS.b.event));
  expect(flow.goBack).toHaveBeenCalledTimes(flow.goBacks);
  return MACHINE_STATE[state](snapshot) && (snapshot.context.error?.source ?? null) === (shown ? OWNERS[shown].source : null);
};

const dialog = () => screen.queryByRole('dialog', { name: 'Something went wrong' });
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

/** What a person sees in each model state. */
const VIEW_STATE: Record<GlobalErrorModelState, () => void> = {
  idle: () => expect(dialog()).toBeNull(),
  retryable: () => {
    expect(dialog()).not.toBeNull();
    screen.getByText("This page isn't available right now.");
    // Specification section 8: "click to refresh" (the button that refreshes) and "contact support if it persists".
    screen.getByText('Click “Try again” to refresh the page.');
    screen.getByText('Please try again later, or contact support if the problem persists.');
    expect(button('Try again')?.disabled).toBe(false);
    expect(button('Go back')).toBeNull();
  },
  retrying: () => {
    expect(dialog()).not.toBeNull();
    expect(button('Try again')?.disabled).toBe(true);
    expect(button('Go back')).toBeNull();
  },
  failedTwice: () => {
    expect(dialog()).not.toBeNull();
    expect(screen.queryByText('Click “Try again” to refresh the page.')).toBeNull();
    expect(button('Go back')?.disabled).toBe(false);
    expect(button('Try again')).toBeNull();
  },
};

modelSuite({
  name: 'global error',
  model: globalErrorModel,
  // The header's and the modal's texts load with them (the shell area): loaded once, so no path waits for the first import.
  areas: ['shell'],
  start: (_, { inspect }) => start(inspect),
  render: (flow: Flow) => {
    render(
      <AppActorProvider actor={flow.actor as never}>
        <IntlProvider locale="en" messages={englishCatalogue}>
          <Suspense fallback={null}>
            <GlobalErrorModal />
          </Suspense>
        </IntlProvider>
      </AppActorProvider>,
    );
    // Nothing failed yet: no modal.
    VIEW_STATE.idle();
  },
  // What the owners report and the app does, as events to the global error actor.
  world: (flow: Flow, event) => {
    const owner: Owner = event.type.endsWith('.a') ? 'a' : 'b';
    if (event.type.startsWith('fail.')) flow.globalError.send(raised(owner, `${OWNERS[owner].source} failed`));
    else if (event.type.startsWith('resolve.')) flow.globalError.send({ type: 'error.resolved', source: OWNERS[owner].source });
    else if (event.type === 'app.clear') flow.globalError.send({ type: 'error.cleared' });
    else throw new Error(`not an owner event: ${event.type}`);
  },
  send: (flow: Flow, event, before) => {
    expectTold(flow, event, before);
    flow.globalError.send({ type: event.type as 'user.retry' | 'user.goBack' });
  },
  press: (flow: Flow, event, before) => {
    expectTold(flow, event, before);
    fireEvent.click(screen.getByRole('button', { name: event.type === 'user.retry' ? 'Try again' : 'Go back' }));
  },
  machineState: {
    idle: machineState('idle'),
    retryable: machineState('retryable'),
    retrying: machineState('retrying'),
    failedTwice: machineState('failedTwice'),
  },
  viewState: VIEW_STATE,
  stop: ({ actor }) => actor.stop(),
  machines: [globalErrorMachine],
  everyMachineTransition: true,
});

it('global error: the test model has more than 15 transitions', () => expect(modelGraph(globalErrorModel).edges.length).toBeGreaterThan(15));
