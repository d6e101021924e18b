import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, waitFor, type AnyActorRef, type AnyEventObject } from 'xstate';
import { notificationsMachine, NOTIFICATIONS_ID, type Notification } from '../../machines/notifications/notifications.machine';
import { failureBody, notifyFailure } from '../../machines/notifications/notifyFailure';
import { storedCardsMachine } from '../../machines/payments/storedCards.machine';
import { toApiError } from '../../src/api/client';

/** A flow whose call fails with `error`, notifying through the shared helper, beside the app's notifications actor. */
function failingFlow(error: unknown) {
  const flow = setup({
    actions: { notifyFailure: (args, params: Parameters<typeof notifyFailure>[1]) => notifyFailure(args, params) },
    actors: { call: fromPromise(() => Promise.reject(error)) },
  }).createMachine({
    initial: 'calling',
    states: {
      calling: {
        invoke: {
          src: 'call',
          onError: {
            target: 'failed',
            actions: { type: 'notifyFailure', params: ({ event }) => ({ message: { id: 'notifications.test' }, error: event.error }) },
          },
        },
      },
      failed: {},
    },
  });
  const root = setup({ actors: { notifications: notificationsMachine, flow } }).createMachine({
    invoke: [
      { src: 'notifications', id: NOTIFICATIONS_ID, systemId: NOTIFICATIONS_ID },
      { src: 'flow', systemId: 'flow' },
    ],
  });
  const app = createActor(root).start();
  const shown = () => (app.system.get(NOTIFICATIONS_ID) as AnyActorRef).getSnapshot().context.notifications as Notification[];
  return { app, shown };
}

describe('notifyFailure, the shared failure notification (access document section 8)', () => {
  it("shows an error notification with the message, keeping the server's response body as its error", async () => {
    const body = { statusCode: 409, message: 'This request can no longer be changed', code: 'locked' };
    const { app, shown } = failingFlow({ status: 409, message: body.message, code: body.code, body });
    await waitFor(app.system.get('flow') as AnyActorRef, (s) => s.matches('failed'));
    expect(shown()).toEqual([{ key: 1, tone: 'error', message: { id: 'notifications.test' }, error: body }]);
    app.stop();
  });

  it('keeps the failure itself when there is no response body (no answer)', async () => {
    const offline = new TypeError('Failed to fetch');
    const { app, shown } = failingFlow(offline);
    await waitFor(app.system.get('flow') as AnyActorRef, (s) => s.matches('failed'));
    expect(shown()[0]!.error).toBe(offline);
    app.stop();
  });

  it('does nothing outside the app (no notifications actor), without failing the flow', async () => {
    const actor = createActor(
      setup({ actions: { notifyFailure: (args, params: Parameters<typeof notifyFailure>[1]) => notifyFailure(args, params) } }).createMachine({
        entry: { type: 'notifyFailure', params: { message: { text: 'x' }, error: null } },
      }),
    ).start();
    expect(actor.getSnapshot().status).toBe('active');
  });

  it("reads the body the API layer keeps: toApiError stores the server's answer as it came", () => {
    const data = { statusCode: 400, message: 'first_name is required', code: 'invalid', details: ['first_name'] };
    const fetchError = Object.assign(new Error('[POST] /api/x: 400'), { name: 'FetchError', statusCode: 400, data, response: new Response(null) });
    const apiError = toApiError(fetchError);
    expect(apiError).toMatchObject({ status: 400, message: 'first_name is required', code: 'invalid', body: data });
    expect(failureBody(apiError)).toBe(data);
  });
});

describe('what fails silently (content document section 8)', () => {
  it('a failed payment-method fetch sends no notification', async () => {
    const received: AnyEventObject[] = [];
    const root = createMachine({
      invoke: [
        { src: fromPromise(() => new Promise<never>(() => {})), systemId: 'idle' },
        {
          src: storedCardsMachine.provide({
            actors: { loadPaymentMethods: fromPromise(() => Promise.reject({ status: 500, message: 'down', body: {} })) },
          }),
          systemId: 'storedCards',
        },
      ],
    });
    const notifications = createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } });
    const app = createActor(
      setup({ actors: { notifications, root } }).createMachine({
        invoke: [
          { src: 'notifications', systemId: NOTIFICATIONS_ID },
          { src: 'root', systemId: 'root' },
        ],
      }),
    ).start();
    const cards = app.system.get('storedCards') as AnyActorRef;
    await waitFor(cards, (s) => s.matches('idle'));
    expect(received).toEqual([]);
    app.stop();
  });
});
