import { useT } from '../../i18n/useT';
import { TextField } from '../kit/Field';
import { Stack, Text } from '../kit/Layout';
import { useAuthSelector, useSignInSelector } from './AuthFlowContext';
import { EventButton, FlowError, StepForm, StepHeader, SubmitButton, useFieldBinding } from './parts';

export function EmailStep() {
  const t = useT();
  const email = useFieldBinding('email');
  const signingUp = useSignInSelector((s) => s.context.flow === 'sign_up');
  const guestBuildings = useSignInSelector((s) => s.context.guestBuildings);
  return (
    <StepForm label={t(signingUp ? 'auth.signup.title' : 'auth.email.title')}>
      <StepHeader
        title={t(signingUp ? 'auth.signup.title' : 'auth.email.title')}
        description={t(signingUp ? 'auth.signup.subtitle' : 'auth.email.subtitle')}
      />
      <FlowError />
      {guestBuildings.length ? (
        <section aria-labelledby="guest-buildings-title">
          <Text id="guest-buildings-title">{t('auth.guestBuildings.title')}</Text>
          <ul>
            {guestBuildings.map((building) => (
              <li key={building.uuid}>
                {building.name} — {building.address_1}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <TextField label={t('auth.email.label')} type="email" autoComplete="username" inputMode="email" autoFocus {...email} />
      <Stack>
        <SubmitButton label={t('auth.next')} busyLabel={t('auth.checking')} />
        {signingUp ? null : <EventButton event={{ type: 'user.startSignup' }} label={t('auth.signupLink')} />}
        <EventButton event={{ type: 'user.forgotPassword' }} label={t('auth.password.forgot')} />
      </Stack>
    </StepForm>
  );
}

export function PasswordStep() {
  const t = useT();
  const password = useFieldBinding('password');
  const email = useAuthSelector((s) => s.context.fields.email);
  return (
    <StepForm label={t('auth.password.title')}>
      <StepHeader title={t('auth.password.title')} description={t('auth.password.signingInAs', { email })} />
      <FlowError />
      <TextField label={t('auth.password.label')} type="password" autoComplete="current-password" autoFocus {...password} />
      <Stack>
        <SubmitButton label={t('auth.password.submit')} />
        <EventButton event={{ type: 'user.forgotPassword' }} label={t('auth.password.forgot')} />
        <EventButton variant="secondary" event={{ type: 'user.back' }} label={t('auth.back')} />
      </Stack>
    </StepForm>
  );
}
