import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { TextField } from '../kit/Field';
import { Stack } from '../kit/Layout';
import { useAuthSelector, useCan, useSend } from './AuthFlowContext';
import { FlowError, StepForm, StepHeader, useBusy, useFieldBinding } from './parts';

export function EmailStep() {
  const t = useT();
  const send = useSend();
  const email = useFieldBinding('email');
  const busy = useBusy();
  const canSubmit = useCan({ type: 'user.submit' });
  const signingUp = useAuthSelector((s) => s.context.flow === 'sign_up');
  return (
    <StepForm label={t(signingUp ? 'auth.signup.title' : 'auth.email.title')}>
      <StepHeader title={t(signingUp ? 'auth.signup.title' : 'auth.email.title')} description={t(signingUp ? 'auth.signup.subtitle' : 'auth.email.subtitle')} />
      <FlowError />
      <TextField label={t('auth.email.label')} type="email" autoComplete="username" inputMode="email" autoFocus {...email} />
      <Stack>
        <Button type="submit" disabled={!canSubmit || busy}>
          {busy ? t('auth.checking') : t('auth.next')}
        </Button>
        {signingUp ? null : (
          <Button type="button" variant="link" onClick={() => send({ type: 'user.startSignup' })}>
            {t('auth.signupLink')}
          </Button>
        )}
        <Button type="button" variant="link" onClick={() => send({ type: 'user.forgotPassword' })}>
          {t('auth.password.forgot')}
        </Button>
      </Stack>
    </StepForm>
  );
}

export function PasswordStep() {
  const t = useT();
  const send = useSend();
  const password = useFieldBinding('password');
  const email = useAuthSelector((s) => s.context.fields.email);
  const busy = useBusy();
  const canSubmit = useCan({ type: 'user.submit' });
  return (
    <StepForm label={t('auth.password.title')}>
      <StepHeader title={t('auth.password.title')} description={t('auth.password.signingInAs', { email })} />
      <FlowError />
      <TextField label={t('auth.password.label')} type="password" autoComplete="current-password" autoFocus {...password} />
      <Stack>
        <Button type="submit" disabled={!canSubmit || busy}>
          {busy ? t('auth.working') : t('auth.password.submit')}
        </Button>
        <Button type="button" variant="link" onClick={() => send({ type: 'user.forgotPassword' })}>
          {t('auth.password.forgot')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => send({ type: 'user.back' })}>
          {t('auth.back')}
        </Button>
      </Stack>
    </StepForm>
  );
}
