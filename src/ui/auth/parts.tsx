import type { FormEvent, ReactNode } from 'react';
import type { AuthFlowEvent, FieldName } from '../../../machines/auth/authFlow.types';
import { errorMessage, failureTitle, fieldProblem, stepLabel } from '../../../machines/auth/authFlow.selectors';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import { Alert, Heading, Text } from '../kit/Layout';
import { useAuthSelector, useCan, useSend } from './AuthFlowContext';
import { Button } from '../kit/Button';

/** Props that bind a text input to a field of the flow: its value, its change and blur events, its problem. */
export function useFieldBinding(field: Exclude<FieldName, 'is_term_accepted' | 'is_email_accepted' | 'building_uuid'>) {
  const t = useT();
  const send = useSend();
  const value = useAuthSelector((s) => s.context.fields[field]);
  const problem = useAuthSelector((s) => fieldProblem(s, field));
  return {
    value,
    onValueChange: (next: string) => send({ type: 'user.change', field, value: next }),
    onBlur: () => send({ type: 'user.blur', field }),
    error: problem ? t(problem as MessageId) : undefined,
  };
}

/** A step's form: submitting it sends user.submit; the flow's guards decide whether anything happens. */
export function StepForm({ children, label }: { children: ReactNode; label: string }) {
  const send = useSend();
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      {children}
    </form>
  );
}

export function StepHeader({ title, description }: { title: string; description?: ReactNode }) {
  const t = useT();
  const step = useAuthSelector(stepLabel);
  return (
    <>
      {step ? <Text css={{ marginBottom: '$1', fontSize: '$2' }}>{t('auth.step', step)}</Text> : null}
      <Heading>{title}</Heading>
      {description ? <Text>{description}</Text> : null}
    </>
  );
}

/** The flow's current failure, if any, in the user's language. */
export function FlowError() {
  const t = useT();
  const message = useAuthSelector((s) => errorMessage(s.context.error));
  const title = useAuthSelector(failureTitle);
  const notice = useAuthSelector((s) => s.context.notice);
  if (message) {
    const text = 'id' in message ? t(message.id as MessageId, message.values) : message.text;
    return (
      <Alert role="alert">
        {title ? (
          <>
            <strong>{t(title)}</strong>
            <br />
          </>
        ) : null}
        {text}
      </Alert>
    );
  }
  if (notice === 'code_resent')
    return (
      <Alert tone="info" role="status">
        {t('auth.code.resent')}
      </Alert>
    );
  return null;
}

export const useBusy = () => useAuthSelector((s) => s.hasTag('loading'));

/** The step's submit button: enabled exactly when the flow accepts `user.submit`, with a busy label during a call. */
export function SubmitButton({ label, busyLabel }: { label: string; busyLabel?: string }) {
  const t = useT();
  const busy = useBusy();
  const canSubmit = useCan({ type: 'user.submit' });
  return (
    <Button type="submit" disabled={!canSubmit || busy}>
      {busy ? (busyLabel ?? t('auth.working')) : label}
    </Button>
  );
}

/** A button that sends one event to the flow. */
export function EventButton({
  event,
  label,
  variant = 'link',
  disabled,
}: {
  event: AuthFlowEvent;
  label: string;
  variant?: 'link' | 'secondary';
  disabled?: boolean;
}) {
  const send = useSend();
  return (
    <Button type="button" variant={variant} disabled={disabled} onClick={() => send(event)}>
      {label}
    </Button>
  );
}
