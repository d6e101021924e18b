import { expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { helpDeskMachine } from '../../machines/helpDesk/helpDesk.machine';
import type { ChosenFile, HelpDeskInput, HelpDeskPortfolio, HelpDeskRequest } from '../../machines/helpDesk/helpDesk.types';
import { HelpDeskForm } from '../../src/ui/helpDesk/HelpDeskForm';
import { englishCatalogue } from '../../src/i18n/locales';
import helpDeskMessages from '../../src/i18n/areas/helpDesk/en.json';
import { helpDeskModel, type HelpDeskModelContext, type HelpDeskModelEvent, type HelpDeskModelState } from './helpDesk.model';
import { PendingCalls } from './cta.harness';
import { modelGraph } from './paths';
import { modelSuite } from './modelSuite';

const INPUT: HelpDeskInput = {
  buildingUuid: 'b-1',
  building: { name: 'One Atrium Plaza', portfolioUuid: 'p-1', assetUuid: 'a-1' },
  requester: { name: 'Dana Demo', email: 'dana@northwind.example', companyName: null },
};
const SUBJECT = 'The lift is stuck';
const PDF = (): ChosenFile => new File(['%PDF-1.4 report'], 'report.pdf', { type: 'application/pdf' });
const EXE = (): ChosenFile => new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });

/** The form opened for no building: no portfolio to read, the natures at once. */
const NO_BUILDING: HelpDeskInput = { ...INPUT, buildingUuid: null, building: null };

/** The real flow with its submit call settled by the test; `leave` and what each submit sent are recorded. */
function start(input: HelpDeskInput, inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const leave = vi.fn();
  const sent: HelpDeskRequest[] = [];
  const actor = createActor(
    helpDeskMachine.provide({
      actors: {
        loadPortfolio: fromPromise<HelpDeskPortfolio, { portfolioUuid: string }>(() => calls.call('portfolio')),
        submit: fromPromise<{ uuid: string }, HelpDeskRequest>(({ input }) => {
          sent.push(input);
          return calls.call('submit');
        }),
      },
      actions: { leave: () => leave() },
    }),
    { input, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, calls, leave, sent, input };
}
type Flow = ReturnType<typeof start>;

/** The server's answer to the pending portfolio read or submit, as the model names it. */
function answer(calls: PendingCalls, event: HelpDeskModelEvent['type']) {
  // A portfolio with the natures (Harbor's categories are in the unit tests and the browser test).
  if (event === 'api.portfolio') return calls.take(['portfolio']).resolve({ help_desk_categories: null });
  if (event === 'api.portfolioFailed') return calls.take(['portfolio']).reject({ status: 503, message: 'unavailable' });
  if (event === 'api.ok') return calls.take(['submit']).resolve({ uuid: 'r-1' });
  return calls
    .take(['submit'])
    .reject({ status: 415, message: '"report.pdf" is not a pdf file (its content is exe)', code: 'unsupported_file_type' });
}

const filesOf = (c: HelpDeskModelContext) => (c.file ? 1 : 0);
const typedSubject = (c: HelpDeskModelContext) => (c.typed === 'complete' ? SUBJECT : '');

/** The person's part of each model event, as the form sends it to the machine (what `actOnScreen` does, event by event). */
function machineEvents(event: HelpDeskModelEvent['type']): Parameters<Flow['actor']['send']>[0][] {
  switch (event) {
    case 'user.fill':
      return [
        { type: 'user.change', field: 'nature', value: 'building' },
        { type: 'user.change', field: 'subject', value: SUBJECT },
        { type: 'user.blur', field: 'subject' },
        { type: 'user.change', field: 'description', value: 'Between floors 3 and 4' },
      ];
    case 'user.clearSubject':
      return [
        { type: 'user.change', field: 'subject', value: '' },
        { type: 'user.blur', field: 'subject' },
      ];
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

const submitButton = () => screen.getByRole('button', { name: /^(Send request|Sending…)$/ }) as HTMLButtonElement;
const dialog = (name: string) => screen.queryByRole('dialog', { name });
const subjectField = () => screen.getByLabelText('Subject (required)') as HTMLInputElement;

function chooseFiles(files: ChosenFile[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

/** The person's part of each model event, as what they do on the screen. */
function actOnScreen(event: HelpDeskModelEvent['type'], before: string) {
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
      if (before === 'unprepared') return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      return inDialog('Your request was not sent', 'Try again');
    case 'user.dismiss':
      return inDialog('Your request was not sent', 'Back to the form');
    case 'user.done':
      return inDialog('Request sent', 'Done');
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

type ModelSnapshot = { value: unknown; context: HelpDeskModelContext };

modelSuite<typeof helpDeskModel, Flow, HelpDeskModelState>({
  name: 'help desk',
  model: helpDeskModel,
  // The form shows what is typed, the attached file, the refused file's note and the "not sent" note; the error
  // dialog shows the attached file behind it. Each of these is a view state of its own.
  lens: {
    viewKey: (state) => {
      const { value, context: c } = state as ModelSnapshot;
      if (value === 'editing') return `editing typed:${c.typed} file:${c.file} refused:${c.refused} failed:${c.failed}`;
      if (value === 'failed') return `failed file:${c.file}`;
      return String(value);
    },
  },
  start: (event, { inspect }) => start(event?.type === 'start.noBuilding' ? NO_BUILDING : INPUT, inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...helpDeskMessages }}>
        <HelpDeskForm actor={actor} />
      </IntlProvider>,
    ),
  world: (flow, event) => answer(flow.calls, event.type),
  send: (flow, event) => {
    for (const e of machineEvents(event.type)) flow.actor.send(e);
  },
  press: (_, event, before) => actOnScreen(event.type, String(before.value)),
  machineState: {
    opening: () => {
      throw new Error('no step ends in opening: it is the state before a start.* event');
    },
    preparing: ({ actor }) => actor.getSnapshot().hasTag('preparing') && !actor.getSnapshot().can({ type: 'user.submit' }),
    unprepared: ({ actor }) => actor.getSnapshot().hasTag('unprepared') && actor.getSnapshot().can({ type: 'user.retry' }),
    editing: ({ actor }, { context: c }) => {
      const s = actor.getSnapshot();
      return (
        s.matches({ editing: 'form' }) &&
        s.can({ type: 'user.submit' }) === (c.typed === 'complete') &&
        (s.context.error !== null) === c.failed &&
        s.context.files.length === filesOf(c) &&
        s.context.refused.length > 0 === c.refused &&
        s.context.fields.subject === typedSubject(c)
      );
    },
    confirmingCancel: ({ actor }) => actor.getSnapshot().matches({ editing: 'confirmingCancel' }) && actor.getSnapshot().hasTag('confirmCancel'),
    submitting: ({ actor }) => actor.getSnapshot().hasTag('submitting') && actor.getSnapshot().context.error === null,
    succeeded: ({ actor }) => actor.getSnapshot().hasTag('success'),
    failed: ({ actor }, { context: c }) => {
      const s = actor.getSnapshot();
      return s.hasTag('failure') && s.context.error?.status === 415 && s.context.files.length === filesOf(c) && s.context.fields.subject === SUBJECT;
    },
    closed: ({ actor }) => actor.getSnapshot().status === 'done',
  },
  viewState: {
    opening: () => {
      throw new Error('no step ends in opening: it is the state before a start.* event');
    },
    preparing: () => {
      expect(screen.getByTestId('help-desk-preparing').getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByRole('form')).toBeNull();
    },
    unprepared: () => {
      within(screen.getByRole('alert')).getByText('The form could not be loaded');
      expect(screen.queryByRole('form')).toBeNull();
    },
    editing: (_, { context: c }) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(submitButton().textContent).toBe('Send request');
      expect(submitButton().disabled).toBe(c.typed !== 'complete');
      expect(screen.queryByTestId('help-desk-not-sent') !== null).toBe(c.failed);
      expect(screen.queryByText('report.pdf') !== null).toBe(c.file);
      expect(screen.queryByText(/setup\.exe was not added/) !== null).toBe(c.refused);
      expect(subjectField().value).toBe(typedSubject(c));
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
    failed: (_, { context: c }) => {
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
  },
  finally: ({ leave, sent, input }, _, model) => {
    expect(leave).toHaveBeenCalledTimes(model.value === 'closed' ? 1 : 0);
    // Every submit sent what was typed and chosen, about the building the form opened for (or none).
    for (const request of sent) expect(request).toMatchObject({ nature: 'building', subject: SUBJECT, buildingUuid: input.buildingUuid });
  },
  stop: ({ actor }) => actor.stop(),
  machines: [helpDeskMachine],
  everyMachineTransition: true,
});

it('help desk: the test model agrees with the machine: the same states, more than 50 transitions', () => {
  const machineStates = Object.keys(helpDeskMachine.config.states ?? {});
  expect(machineStates.sort()).toEqual(['closed', 'editing', 'failed', 'preparing', 'submitting', 'succeeded']);
  expect(Object.keys(helpDeskMachine.config.states!.preparing!.states ?? {}).sort()).toEqual(['checking', 'failed', 'loading']);
  expect(Object.keys(helpDeskMachine.config.states!.editing!.states ?? {}).sort()).toEqual(['confirmingCancel', 'form']);
  expect(modelGraph(helpDeskModel).edges.length).toBeGreaterThan(50);
});
