// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, createMachine } from 'xstate';
import type { AuthStep } from '../../machines/auth/authFlow.selectors';
import { AuthStepContext } from '../../src/ui/auth/AuthFlowContext';
import { FlowError } from '../../src/ui/auth/parts';
import { englishCatalogue } from '../../src/i18n/locales';

afterEach(cleanup);

/** FlowError over a step that holds a failure, on the sign-up route or the sign-in one. */
function renderFailure(route: 'route:signup' | 'route:password', error: { status: number; message: string; code?: string }) {
  const step = createActor(createMachine({ context: { error, notice: null }, initial: 'failed', states: { failed: { tags: [route] } } })).start();
  render(
    <IntlProvider locale="en" messages={englishCatalogue}>
      <AuthStepContext.Provider value={{ flow: route === 'route:signup' ? 'signUp' : 'signIn', ref: step } as unknown as AuthStep}>
        <FlowError />
      </AuthStepContext.Provider>
    </IntlProvider>,
  );
  return screen.getByRole('alert');
}

describe('FlowError', () => {
  it("heads a failed sign-up 'Unable to Signup' and says what went wrong under it", () => {
    const alert = renderFailure('route:signup', { status: 400, message: 'first_name is required' });
    expect(alert.querySelector('strong')?.textContent).toBe('Unable to Signup');
    expect(alert.textContent).toBe('Unable to Signupfirst_name is required');
  });

  it('gives a failed sign-in no such heading', () => {
    const alert = renderFailure('route:password', { status: 401, message: 'x', code: 'wrong_credentials' });
    expect(alert.querySelector('strong')).toBeNull();
    expect(alert.textContent).toBe("User email or password doesn't match");
  });
});
