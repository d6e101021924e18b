import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { helpDeskMachine } from '../../machines/helpDesk/helpDesk.machine';
import type { ChosenFile, HelpDeskInput, HelpDeskRequest } from '../../machines/helpDesk/helpDesk.types';
import { HelpDeskForm } from '../../src/ui/helpDesk/HelpDeskForm';
import { englishCatalogue } from '../../src/i18n/locales';
import helpDeskMessages from '../../src/i18n/areas/helpDesk/en.json';
import { helpDeskModel, type HelpDeskModelContext, type HelpDeskModelEvent, type HelpDeskModelState } from './helpDesk.model';
import { transitionPaths, uncoveredTransitions, STEP_WAIT } from './transitionPaths';
import { flush, PendingCalls } from './cta.harness';

afterEach(cleanup);

const PATHS = transitionPaths(helpDeskModel);
const INPUT: HelpDeskInput = { buildingUuid: 'b-1', requester: { name: 'Dana Demo', email: 'dana@northwind.example', companyName: null } };
const SUBJECT = 'The lift is stuck';
const PDF = (): ChosenFile => new File(['%PDF-1.4 report'], 'report.pdf', { type: 'application/pdf' });
const EXE = (): ChosenFile => new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });

type Snapshot = SnapshotFrom<typeof helpDeskMachine>;

function start() {
  const calls = new PendingCalls();
  const leave = vi.fn();
  const sent: HelpDeskRequest[] = [];
  const actor = createActor(
    helpDeskMachine.provide({
      actors: {
        submit: fromPromise<{ uuid: string }, HelpDeskRequest>(({ input }) => {
          sent.push(input);
          return calls.call('submit');
        }),
      },
      actions: { leave: () => leave() },
    }),
    { input: INPUT },
  ).start();
  return { actor, calls, leave, sent };
}

function answer(calls: PendingCalls, event: HelpDeskModelEvent['type']) {
  if (event === 'api.ok') return calls.take(['submit']).resolve({ uuid: 'r-1' });
  return calls
    .take(['submit'])
    .reject({ status: 415, message: '"report.pdf" is not a pdf file (its content is exe)', code: 'unsupported_file_type' });
}

const filesOf = (c: HelpDeskModelContext) => (c.file ? 1 : 0);

/** Where the real machine must be for each model state. */
const MACHINE_STATE: Record<HelpDeskModelState, (s: Snapshot, c: HelpDeskModelContext) => boolean> = {
  editing: (s, c) =>
    s.matches({ editing: 'form' }) &&
    s.can({ type: 'user.submit' }) === (c.typed === 'complete') &&
    (s.context.error !== null) === c.failed &&
    s.context.files.length === filesOf(c) &&
    s.context.refused.length > 0 === c.refused,
  confirmingCancel: (s) => s.matches({ editing: 'confirmingCancel' }) && s.hasTag('confirmCancel'),
  submitting: (s) => s.hasTag('submitting') && s.context.error === null,
  succeeded: (s) => s.hasTag('success'),
  failed: (s, c) => s.hasTag('failure') && s.context.error?.status === 415 && s.context.files.length === filesOf(c),
  closed: (s) => s.status === 'done',
};

/** The person's part of each model event, as events to the machine. */
function machineEvents(event: HelpDeskModelEvent['type']): Parameters<ReturnType<typeof start>['actor']['send']>[0][] {
  switch (event) {
    case 'user.fill':
      return [
        { type: 'user.change', field: 'nature', value: 'building' },
        { type: 'user.change', field: 'subject', value: SUBJECT },
        { type: 'user.change', field: 'description', value: 'Between floors 3 and 4' },
      ];
    case 'user.clearSubject':
      return [{ type: 'user.change', field: 'subject', value: '' }];
    case 'user.attach':
      return [{ type: 'user.addFiles', files: [PDF()] }];
    case 'user.attachWrong':
      return [{ type: 'user.addFiles', files: [EXE()] }];
    case 'user.remove':
      return [{ type: 'user.removeFile', index: 0 }];
    default:
      return [{ type: event } as never];
  }
}

describe('help-desk test model', () => {
  it('is covered: every transition ends one path', () => {
    const { edges, uncovered } = uncoveredTransitions(helpDeskModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBeGreaterThan(50);
    console.info(`help-desk model: ${edges.size} transitions, ${PATHS.length} paths`);
  });

  it('agrees with the machine: the same states, the same events accepted', () => {
    const machineStates = Object.keys(helpDeskMachine.config.states ?? {});
    expect(machineStates.sort()).toEqual(['closed', 'editing', 'failed', 'submitting', 'succeeded']);
    expect(Object.keys(helpDeskMachine.config.states!.editing!.states ?? {}).sort()).toEqual(['confirmingCancel', 'form']);
  });
});

describe('help-desk paths against the machine', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const { actor, calls, leave, sent } = start();
      const model = createActor(helpDeskModel).start();
      for (const event of events) {
        if (event.type.startsWith('api.')) answer(calls, event.type);
        else for (const e of machineEvents(event.type)) actor.send(e);
        await flush();
        model.send(event);
        const { value, context } = model.getSnapshot();
        const snapshot = actor.getSnapshot();
        expect(
          MACHINE_STATE[value as HelpDeskModelState](snapshot, context),
          `after ${event.type}: model ${String(value)} ${JSON.stringify(context)}, machine ${JSON.stringify(snapshot.value)}`,
        ).toBe(true);
      }
      expect(leave).toHaveBeenCalledTimes(model.getSnapshot().value === 'closed' ? 1 : 0);
      // Every submit sent what was typed and chosen.
      for (const request of sent) expect(request).toMatchObject({ nature: 'building', subject: SUBJECT, buildingUuid: 'b-1' });
      actor.stop();
    });
});

const submitButton = () => screen.getByRole('button', { name: /^(Send request|Sending…)$/ }) as HTMLButtonElement;
const dialog = (name: string) => screen.queryByRole('dialog', { name });
const subjectField = () => screen.getByLabelText('Subject (required)') as HTMLInputElement;

/** What a person sees in each model state. */
const VIEW_STATE: Record<HelpDeskModelState, (c: HelpDeskModelContext) => void> = {
  editing: (c) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(submitButton().textContent).toBe('Send request');
    expect(submitButton().disabled).toBe(c.typed !== 'complete');
    expect(screen.queryByTestId('help-desk-not-sent') !== null).toBe(c.failed);
    expect(screen.queryByText('report.pdf') !== null).toBe(c.file);
    expect(screen.queryByText(/setup\.exe was not added/) !== null).toBe(c.refused);
    expect(subjectField().value).toBe(c.typed === 'complete' ? SUBJECT : '');
  },
  confirmingCancel: () => {
    const confirm = dialog('Discard this request?');
    expect(confirm).not.toBeNull();
    within(confirm!).getByText('What you typed and the files you chose will be lost.');
  },
  submitting: () => {
    expect(submitButton().textContent).toBe('Sending…');
    expect(submitButton().disabled).toBe(true);
  },
  succeeded: () => {
    const done = dialog('Request sent');
    expect(done).not.toBeNull();
    within(done!).getByText('Thank you. Our help desk has your request and will get back to you by email.');
  },
  failed: (c) => {
    const failed = dialog('Your request was not sent');
    expect(failed).not.toBeNull();
    within(failed!).getByText('There was an error while submitting your request form. Please try again.');
    within(failed!).getByText('Reason: "report.pdf" is not a pdf file (its content is exe)');
    // Behind the dialog, the form keeps what was typed and chosen.
    expect(subjectField().value).toBe(SUBJECT);
    expect(screen.queryByText('report.pdf') !== null).toBe(c.file);
  },
  closed: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
  },
};

function chooseFiles(files: ChosenFile[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

/** The person's part of each model event, as what they do on the screen. */
function actOnScreen(event: HelpDeskModelEvent['type']) {
  const inDialog = (title: string, button: string) =>
    fireEvent.click(within(screen.getByRole('dialog', { name: title })).getByRole('button', { name: button }));
  switch (event) {
    case 'user.fill':
      fireEvent.click(screen.getByLabelText('The building'));
      fireEvent.change(subjectField(), { target: { value: SUBJECT } });
      fireEvent.blur(subjectField());
      return fireEvent.change(screen.getByLabelText('Description (required)'), { target: { value: 'Between floors 3 and 4' } });
    case 'user.clearSubject':
      fireEvent.change(subjectField(), { target: { value: '' } });
      return fireEvent.blur(subjectField());
    case 'user.attach':
      return chooseFiles([PDF()]);
    case 'user.attachWrong':
      return chooseFiles([EXE()]);
    case 'user.remove':
      return fireEvent.click(screen.getByRole('button', { name: 'Remove report.pdf' }));
    case 'user.submit':
      return fireEvent.click(submitButton());
    case 'user.cancel':
      return fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    case 'user.keepEditing':
      return inDialog('Discard this request?', 'Keep editing');
    case 'user.confirmCancel':
      return inDialog('Discard this request?', 'Discard');
    case 'user.retry':
      return inDialog('Your request was not sent', 'Try again');
    case 'user.dismiss':
      return inDialog('Your request was not sent', 'Back to the form');
    case 'user.done':
      return inDialog('Request sent', 'Done');
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

describe('help-desk paths against the rendered form', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const { actor, calls, leave } = start();
      render(
        <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...helpDeskMessages }}>
          <HelpDeskForm actor={actor} />
        </IntlProvider>,
      );
      const model = createActor(helpDeskModel).start();
      VIEW_STATE.editing(model.getSnapshot().context);
      for (const event of events) {
        await act(async () => {
          if (event.type.startsWith('api.')) answer(calls, event.type);
          else actOnScreen(event.type);
        });
        model.send(event);
        const { value, context } = model.getSnapshot();
        await waitFor(() => VIEW_STATE[value as HelpDeskModelState](context), STEP_WAIT);
      }
      expect(leave).toHaveBeenCalledTimes(model.getSnapshot().value === 'closed' ? 1 : 0);
      actor.stop();
    });
});
