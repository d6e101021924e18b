import { passwordRulesMet, PASSWORD_RULES } from '../../../machines/auth/validation';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Checkbox, FieldError, SelectField, TextField } from '../kit/Field';
import { Stack, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { useAppSelector } from '../appContext';
import { useAuthSelector, useCan, useSend, useSignUpSelector } from './AuthFlowContext';
import { EventButton, FlowError, StepForm, StepHeader, SubmitButton, useBusy, useFieldBinding } from './parts';

function StepButtons({ submitLabel, back = true }: { submitLabel: string; back?: boolean }) {
  const t = useT();
  const canBack = useCan({ type: 'user.back' });
  return (
    <Stack>
      <SubmitButton label={submitLabel} />
      {back && canBack ? <EventButton variant="secondary" event={{ type: 'user.back' }} label={t('auth.back')} /> : null}
      <EventButton event={{ type: 'user.backToLogin' }} label={t('auth.reset.backToLogin')} />
    </Stack>
  );
}

export function BuildingSelectStep() {
  const t = useT();
  const send = useSend();
  const buildings = useSignUpSelector((s) => s.context.buildings);
  const chosen = useAuthSelector((s) => s.context.fields.building_uuid ?? '');
  const loading = useBusy();
  return (
    <StepForm label={t('auth.building.title')}>
      <StepHeader title={t('auth.building.title')} />
      <FlowError />
      {loading ? (
        <Text>{t('app.loading')}</Text>
      ) : (
        <SelectField
          label={t('auth.building.label')}
          placeholder={t('auth.building.placeholder')}
          value={chosen}
          options={buildings.map((b) => ({ value: b.uuid, label: `${b.name} — ${b.address_1}` }))}
          onValueChange={(value) => send({ type: 'user.change', field: 'building_uuid', value: value || null })}
        />
      )}
      <StepButtons submitLabel={t('auth.next')} />
    </StepForm>
  );
}

export function CreateAccountStep() {
  const t = useT();
  const first = useFieldBinding('first_name');
  const last = useFieldBinding('last_name');
  const email = useAuthSelector((s) => s.context.fields.email);
  return (
    <StepForm label={t('auth.account.title')}>
      <StepHeader title={t('auth.account.title')} description={t('auth.account.email', { email })} />
      <FlowError />
      <TextField label={t('auth.firstName')} autoComplete="given-name" autoFocus {...first} />
      <TextField label={t('auth.lastName')} autoComplete="family-name" {...last} />
      <StepButtons submitLabel={t('auth.next')} />
    </StepForm>
  );
}

const Rules = styled('ul', { listStyle: 'none', padding: 0, margin: '0 0 $4', fontSize: '$2' });
const Rule = styled('li', {
  color: '$muted',
  '&::before': { content: '"○ "' },
  '&[data-met="true"]': { color: '$success', '&::before': { content: '"✓ "' } },
});

/** The password rules, each marked as it is met while the person types. */
export function PasswordRules({ password }: { password: string }) {
  const t = useT();
  const met = passwordRulesMet(password);
  return (
    <div>
      <Text css={{ marginBottom: '$1', fontSize: '$2' }}>{t('auth.passwordRules.title')}</Text>
      <Rules aria-label={t('auth.passwordRules.title')}>
        {PASSWORD_RULES.map((rule) => (
          <Rule key={rule} data-met={met[rule]} data-rule={rule}>
            {t(`auth.passwordRules.${rule}`)}
            <span className="visually-hidden" style={{ position: 'absolute', left: -9999 }}>
              {' '}
              ({t(met[rule] ? 'auth.passwordRules.met' : 'auth.passwordRules.notMet')})
            </span>
          </Rule>
        ))}
      </Rules>
    </div>
  );
}

export function CreatePasswordStep() {
  const t = useT();
  const password = useFieldBinding('password');
  return (
    <StepForm label={t('auth.createPassword.title')}>
      <StepHeader title={t('auth.createPassword.title')} />
      <FlowError />
      <TextField label={t('auth.password.label')} type="password" autoComplete="new-password" autoFocus {...password} />
      <PasswordRules password={password.value} />
      <StepButtons submitLabel={t('auth.next')} />
    </StepForm>
  );
}

const LegalLinks = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $4',
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2 $5',
  fontSize: '$2',
});

/** The terms step: the deployment's terms and privacy policy (runtime configuration) to read, then the boxes. */
export function AcceptTermsStep() {
  const t = useT();
  const send = useSend();
  const eulaUrl = useAppSelector((s) => s.context.config.eulaUrl);
  const privacyUrl = useAppSelector((s) => s.context.config.privacyPolicyUrl);
  const terms = useAuthSelector((s) => s.context.fields.is_term_accepted);
  const marketing = useAuthSelector((s) => s.context.fields.is_email_accepted);
  const touched = useAuthSelector((s) => !!s.context.touched.is_term_accepted);
  return (
    <StepForm label={t('auth.terms.title')}>
      <StepHeader title={t('auth.terms.title')} />
      <FlowError />
      <LegalLinks aria-label={t('auth.terms.documents')}>
        <li>
          <a href={eulaUrl} target="_blank" rel="noopener noreferrer">
            {t('auth.terms.readTerms')}
          </a>
        </li>
        <li>
          <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
            {t('auth.terms.readPrivacy')}
          </a>
        </li>
      </LegalLinks>
      <Checkbox
        label={t('auth.terms.accept')}
        checked={terms}
        onCheckedChange={(value) => {
          send({ type: 'user.change', field: 'is_term_accepted', value });
          send({ type: 'user.blur', field: 'is_term_accepted' });
        }}
      />
      {touched && !terms ? <FieldError role="alert">{t('auth.terms.required')}</FieldError> : null}
      <Checkbox
        label={t('auth.terms.marketing')}
        checked={marketing}
        onCheckedChange={(value) => send({ type: 'user.change', field: 'is_email_accepted', value })}
      />
      <StepButtons submitLabel={t('auth.terms.submit')} />
    </StepForm>
  );
}

export function VerifyAccountStep() {
  const t = useT();
  const email = useAuthSelector((s) => s.context.fields.email);
  return (
    <StepForm label={t('auth.verify.title')}>
      <StepHeader title={t('auth.verify.title')} description={t('auth.verify.description', { email })} />
      <FlowError />
      <Stack>
        <Button type="submit">{t('auth.continue')}</Button>
        <EventButton event={{ type: 'user.resend' }} label={t('auth.code.resend')} />
      </Stack>
    </StepForm>
  );
}

/** The four-digit code, for sign-up and for password reset alike. */
export function EnterCodeStep({ description }: { description?: string }) {
  const t = useT();
  const send = useSend();
  const code = useFieldBinding('code');
  const busy = useBusy();
  const canBack = useCan({ type: 'user.back' });
  return (
    <StepForm label={t('auth.code.title')}>
      <StepHeader title={t('auth.code.title')} {...(description ? { description } : {})} />
      <FlowError />
      <TextField label={t('auth.code.label')} inputMode="numeric" autoComplete="one-time-code" maxLength={4} autoFocus {...code} />
      <Stack>
        <SubmitButton label={t('auth.code.confirm')} />
        <Button type="button" variant="link" disabled={busy} onClick={() => send({ type: 'user.resend' })}>
          {t('auth.code.resend')}
        </Button>
        {canBack ? <EventButton variant="secondary" event={{ type: 'user.back' }} label={t('auth.back')} /> : null}
        <EventButton event={{ type: 'user.backToLogin' }} label={t('auth.reset.backToLogin')} />
      </Stack>
    </StepForm>
  );
}

export function CongratulationsStep() {
  const t = useT();
  const busy = useBusy();
  return (
    <StepForm label={t('auth.congrats.title')}>
      <StepHeader title={t('auth.congrats.title')} description={t('auth.congrats.description')} />
      <FlowError />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.working') : t('auth.congrats.start')}
      </Button>
    </StepForm>
  );
}
