/**
 * The floor page of `npm run bench` (scripts/floor/floorPage.ts): one form on the app's libraries and nothing else,
 * React and ReactDOM, TanStack Router (one root, one route), XState with @xstate/react (one tiny machine),
 * react-intl (IntlProvider and one FormattedMessage) and Stitches (one styled component). Its first load is what
 * any page of the app costs before the app's own code; /login is measured against it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { assign, setup } from 'xstate';
import { useMachine } from '@xstate/react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { styled } from '@stitches/react';
import messages from './messages.json';

const formMachine = setup({
  types: {
    context: {} as { email: string },
    events: {} as { type: 'user.changeEmail'; email: string } | { type: 'user.submit' },
  },
}).createMachine({
  id: 'floorForm',
  context: { email: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.changeEmail': { actions: assign({ email: ({ event }) => event.email }) },
        'user.submit': { target: 'submitted', guard: ({ context }) => context.email.includes('@') },
      },
    },
    submitted: {},
  },
});

const Input = styled('input', { border: '1px solid #D5D9DD', borderRadius: 8, padding: 12, fontSize: 16 });

function EmailForm() {
  const [state, send] = useMachine(formMachine);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      <label htmlFor="email">
        <FormattedMessage id="floor.email.label" />
      </label>
      <Input id="email" type="email" value={state.context.email} onChange={(e) => send({ type: 'user.changeEmail', email: e.target.value })} />
      <button type="submit">{state.matches('submitted') ? '✓' : '→'}</button>
    </form>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: EmailForm });
const router = createRouter({ routeTree: rootRoute.addChildren([loginRoute]) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IntlProvider locale="en" defaultLocale="en" messages={messages}>
      <RouterProvider router={router} />
    </IntlProvider>
  </StrictMode>,
);
