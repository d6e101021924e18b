import { Suspense } from 'react';
import { afterEach, describe, expect, it, beforeAll } from 'vitest';
import { warmAreaMessages } from './areaMessages.harness';
import { createActor, type SnapshotFrom } from 'xstate';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { globalErrorModel, type GlobalErrorModelEvent, type GlobalErrorModelState, type Owner } from './globalError.model';
import { globalErrorHarness, OWNERS, raised } from './globalError.harness';
import { transitionPaths, uncoveredTransitions, STEP_WAIT } from './transitionPaths';
import { globalErrorMachine } from '../../machines/globalError/globalError.machine';
import { AppActorProvider } from '../../src/ui/appContext';
import { GlobalErrorModal } from '../../src/ui/shell/GlobalErrorModal';
import { englishCatalogue } from '../../src/i18n/locales';

// The header's and the modal's texts load with them (the shell area): loaded once here, so no path waits for the first import.
beforeAll(() => warmAreaMessages(['shell']));

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof globalErrorMachine>;
type Harness = ReturnType<typeof globalErrorHarness>;

const PATHS = transitionPaths(globalErrorModel);

/** Where the real machine must be for each model state. */
const MACHINE_STATE: Record<GlobalErrorModelState, (s: Snapshot) => boolean> = {
  idle: (s) => s.matches('idle') && !s.hasTag('modal:globalError'),
  retryable: (s) => s.matches({ showing: 'retryable' }) && s.hasTag('modal:globalError'),
  retrying: (s) => s.matches({ showing: 'retrying' }) && s.hasTag('retrying'),
  failedTwice: (s) => s.matches({ showing: 'failedTwice' }) && s.hasTag('modal:globalError'),
};

/** What the owners report and the app does, as events to the global error actor. */
function ownerEvent(h: Harness, event: GlobalErrorModelEvent['type']) {
  const owner: Owner = event.endsWith('.a') ? 'a' : 'b';
  if (event.startsWith('fail.')) h.globalError.send(raised(owner, `${OWNERS[owner].source} failed`));
  else if (event.startsWith('resolve.')) h.globalError.send({ type: 'error.resolved', source: OWNERS[owner].source });
  else if (event === 'app.clear') h.globalError.send({ type: 'error.cleared' });
  else throw new Error(`not an owner event: ${event}`);
}

/** Keeps count of what the fake owners and goBack must have seen, from the model's steps. */
function expectations() {
  const retries = { a: 0, b: 0 };
  let goBacks = 0;
  return {
    before(event: GlobalErrorModelEvent['type'], shown: Owner | null) {
      if (event === 'user.retry' && shown) retries[shown] += 1;
      if (event === 'user.goBack') goBacks += 1;
    },
    check(h: Harness) {
      expect(h.received.rsvp).toEqual(Array.from({ length: retries.a }, () => OWNERS.a.event));
      expect(h.received.offer).toEqual(Array.from({ length: retries.b }, () => OWNERS.b.event));
      expect(h.goBack).toHaveBeenCalledTimes(goBacks);
    },
  };
}

describe('global error test model', () => {
  it('is covered: every transition ends one path', () => {
    const { edges, uncovered } = uncoveredTransitions(globalErrorModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBeGreaterThan(15);
  });
});

describe('global error paths against the machine', () => {
  for (const { description, events } of PATHS)
    it(description, () => {
      const h = globalErrorHarness();
      const model = createActor(globalErrorModel).start();
      const expected = expectations();
      for (const event of events) {
        expected.before(event.type, model.getSnapshot().context.shown);
        if (event.type.startsWith('user.')) h.globalError.send({ type: event.type as 'user.retry' | 'user.goBack' });
        else ownerEvent(h, event.type);
        model.send(event);
        const state = model.getSnapshot().value as GlobalErrorModelState;
        const shown = model.getSnapshot().context.shown;
        const snapshot = h.globalError.getSnapshot();
        expect(MACHINE_STATE[state](snapshot), `after ${event.type} the machine should be ${state}, is ${JSON.stringify(snapshot.value)}`).toBe(true);
        expect(snapshot.context.error?.source ?? null).toBe(shown ? OWNERS[shown].source : null);
        expected.check(h);
      }
      h.actor.stop();
    });
});

const dialog = () => screen.queryByRole('dialog', { name: 'Something went wrong' });
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

/** What a person sees in each model state. */
const VIEW_STATE: Record<GlobalErrorModelState, () => void> = {
  idle: () => expect(dialog()).toBeNull(),
  retryable: () => {
    expect(dialog()).not.toBeNull();
    screen.getByText("This page isn't available right now.");
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
    expect(button('Go back')?.disabled).toBe(false);
    expect(button('Try again')).toBeNull();
  },
};

describe('global error paths against the rendered modal', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const h = globalErrorHarness();
      render(
        <AppActorProvider actor={h.actor as never}>
          <IntlProvider locale="en" messages={englishCatalogue}>
            <Suspense fallback={null}>
              <GlobalErrorModal />
            </Suspense>
          </IntlProvider>
        </AppActorProvider>,
      );
      const model = createActor(globalErrorModel).start();
      const expected = expectations();
      VIEW_STATE.idle();
      for (const event of events) {
        expected.before(event.type, model.getSnapshot().context.shown);
        await act(async () => {
          if (event.type === 'user.retry') fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
          else if (event.type === 'user.goBack') fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
          else ownerEvent(h, event.type);
        });
        model.send(event);
        await waitFor(VIEW_STATE[model.getSnapshot().value as GlobalErrorModelState], STEP_WAIT);
        expected.check(h);
      }
      h.actor.stop();
    });
});
