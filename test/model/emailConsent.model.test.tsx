import { expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { emailConsentMachine } from '../../machines/account/emailConsent.machine';
import type { SessionUser } from '../../machines/session/session.types';
import { ConsentToggle } from '../../src/ui/account/AccountPage';
import { englishCatalogue } from '../../src/i18n/locales';
import accountMessages from '../../src/i18n/areas/account/en.json';
import { deferred, type Deferred } from '../fixtures/async';
import { makeUser } from '../fixtures/people';
import { emailConsentModel, type EmailConsentModelContext, type EmailConsentModelState } from './emailConsent.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

const USER = makeUser({ email_accepted: false });
const LABEL = 'Send me news and offers by email';

/** The consent's machine with its save settled by the test; the session and the failure notice are spies. */
function start(inspect?: (event: InspectionEvent) => void) {
  const saves: { accepted: boolean; call: Deferred<SessionUser> }[] = [];
  const userUpdated = vi.fn();
  const notified = vi.fn();
  const actor = createActor(
    emailConsentMachine.provide({
      actors: {
        saveConsent: fromPromise(({ input }) => {
          const call = deferred<SessionUser>();
          saves.push({ accepted: input.accepted, call });
          return call.promise;
        }),
      },
      actions: { userUpdated: (_, p) => userUpdated(p.user), notifyFailure: (_, p) => notified(p) },
    }),
    { input: { accepted: false }, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, saves, userUpdated, notified };
}
type Flow = ReturnType<typeof start>;
type Model = { context: EmailConsentModelContext };

const box = () => screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement;

modelSuite<typeof emailConsentModel, Flow, EmailConsentModelState>({
  name: 'email consent',
  model: emailConsentModel,
  lens: { viewKey: ({ value, context }) => `${String(value)} accepted:${(context as EmailConsentModelContext).accepted}` },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" messages={{ ...englishCatalogue, ...accountMessages }}>
        <ConsentToggle consent={actor} />
      </IntlProvider>,
    ),
  world: (flow, event) => {
    const save = flow.saves.at(-1)!;
    if (event.type === 'api.saved') return save.call.resolve({ ...USER, email_accepted: save.accepted });
    return save.call.reject({ status: 503, message: 'The service is down for maintenance' });
  },
  send: ({ actor }) => actor.send({ type: 'user.toggle', accepted: !actor.getSnapshot().context.accepted }),
  press: () => fireEvent.click(box()),
  machineState: {
    idle: ({ actor }, { context }: Model) =>
      actor.getSnapshot().matches('idle') &&
      actor.getSnapshot().context.accepted === context.accepted &&
      (actor.getSnapshot().context.error !== null) === (context.failures === 1),
    saving: ({ actor, saves }, { context }: Model) =>
      actor.getSnapshot().hasTag('submitting') &&
      actor.getSnapshot().context.requested === !context.accepted &&
      saves.at(-1)!.accepted === !context.accepted &&
      !actor.getSnapshot().can({ type: 'user.toggle', accepted: context.accepted }),
  },
  viewState: {
    idle: (_, { context }: Model) => expect(box().checked).toBe(context.accepted),
    // The box shows what was asked for while it is saved.
    saving: (_, { context }: Model) => expect(box().checked).toBe(!context.accepted),
  },
  // The session hears every stored consent; each failure says so once.
  finally: ({ userUpdated, notified }, events) => {
    expect(userUpdated).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.saved').length);
    expect(notified).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.failed').length);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [emailConsentMachine],
  everyMachineTransition: true,
});

it('email consent: the test model saves and fails from either value', () => expect(modelGraph(emailConsentModel).edges.length).toBeGreaterThan(5));
