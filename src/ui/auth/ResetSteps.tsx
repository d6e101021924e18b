import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { TextField } from '../kit/Field';
import { Stack } from '../kit/Layout';
import { useAuthSelector } from './AuthFlowContext';
import { EventButton, FlowError, StepForm, StepHeader, SubmitButton, useFieldBinding } from './parts';
import { EnterCodeStep, PasswordRules } from './SignupSteps';

export function ResetVerifyStep() {
  const t = useT();
  const email = useFieldBinding('email');
  return (
    <StepForm label={t('auth.reset.title')}>
      <StepHeader title={t('auth.reset.title')} description={t('auth.reset.description')} />
      <FlowError />
      <TextField label={t('auth.email.label')} type="email" autoComplete="username" autoFocus {...email} />
      <Stack>
        <SubmitButton label={t('auth.reset.send')} />
        <EventButton event={{ type: 'user.backToLogin' }} label={t('auth.reset.backToLogin')} />
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
  const password = useFieldBinding('password');
  const confirm = useFieldBinding('confirm_password');
  return (
    <StepForm label={t('auth.reset.newPasswordTitle')}>
      <StepHeader title={t('auth.reset.newPasswordTitle')} />
      <FlowError />
      <TextField label={t('auth.newPassword')} type="password" autoComplete="new-password" autoFocus {...password} />
      <PasswordRules password={password.value} />
      <TextField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" {...confirm} />
      <Stack>
        <SubmitButton label={t('auth.reset.save')} />
        <EventButton variant="secondary" event={{ type: 'user.back' }} label={t('auth.back')} />
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
