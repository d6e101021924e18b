import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { TextField } from '../kit/Field';
import { Stack } from '../kit/Layout';
import { useAuthSelector, useCan, useSend } from './AuthFlowContext';
import { FlowError, StepForm, StepHeader, useBusy, useFieldBinding } from './parts';
import { EnterCodeStep, PasswordRules } from './SignupSteps';

export function ResetVerifyStep() {
  const t = useT();
  const send = useSend();
  const email = useFieldBinding('email');
  const busy = useBusy();
  const canSubmit = useCan({ type: 'user.submit' });
  return (
    <StepForm label={t('auth.reset.title')}>
      <StepHeader title={t('auth.reset.title')} description={t('auth.reset.description')} />
      <FlowError />
      <TextField label={t('auth.email.label')} type="email" autoComplete="username" autoFocus {...email} />
      <Stack>
        <Button type="submit" disabled={!canSubmit || busy}>
          {busy ? t('auth.working') : t('auth.reset.send')}
        </Button>
        <Button type="button" variant="link" onClick={() => send({ type: 'user.backToLogin' })}>
          {t('auth.reset.backToLogin')}
        </Button>
      </Stack>
    </StepForm>
  );
}

export function ResetCodeStep() {
  const t = useT();
  const email = useAuthSelector((s) => s.context.fields.email);
  return <EnterCodeStep description={t('auth.reset.codeDescription', { email })} />;
}

export function ResetNewPasswordStep() {
  const t = useT();
  const send = useSend();
  const password = useFieldBinding('password');
  const confirm = useFieldBinding('confirm_password');
  const busy = useBusy();
  const canSubmit = useCan({ type: 'user.submit' });
  return (
    <StepForm label={t('auth.reset.newPasswordTitle')}>
      <StepHeader title={t('auth.reset.newPasswordTitle')} />
      <FlowError />
      <TextField label={t('auth.newPassword')} type="password" autoComplete="new-password" autoFocus {...password} />
      <PasswordRules password={password.value} />
      <TextField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" {...confirm} />
      <Stack>
        <Button type="submit" disabled={!canSubmit || busy}>
          {busy ? t('auth.working') : t('auth.reset.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => send({ type: 'user.back' })}>
          {t('auth.back')}
        </Button>
      </Stack>
    </StepForm>
  );
}

export function ResetDoneStep() {
  const t = useT();
  return (
    <StepForm label={t('auth.reset.doneTitle')}>
      <StepHeader title={t('auth.reset.doneTitle')} description={t('auth.reset.doneDescription')} />
      <Button type="submit">{t('auth.reset.backToLogin')}</Button>
    </StepForm>
  );
}
