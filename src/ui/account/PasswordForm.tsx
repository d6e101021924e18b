import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import type { passwordUpdateMachine } from '../../../machines/account/passwordUpdate.machine';
import { passwordFieldProblem, passwordFormError } from '../../../machines/account/account.selectors';
import type { PasswordField } from '../../../machines/account/passwordUpdate.types';
import { useT } from '../../i18n/useT';
import { PasswordRules } from '../auth/SignupSteps';
import { Button } from '../kit/Button';
import { TextField } from '../kit/Field';
import { Alert } from '../kit/Layout';
import { SuccessDialog } from './SuccessDialog';
import { styled } from '../kit/stitches.config';
import { useMessage } from './accountHooks';

export type PasswordUpdateRef = ActorRefFrom<typeof passwordUpdateMachine>;

const Fields = styled('fieldset', { border: 0, padding: 0, margin: 0, minWidth: 0 });

function usePasswordBinding(actor: PasswordUpdateRef, field: PasswordField) {
  const message = useMessage();
  const value = useSelector(actor, (s) => s.context.fields[field]);
  const problem = useSelector(actor, (s) => passwordFieldProblem(s.context, field));
  return {
    value,
    onValueChange: (next: string) => actor.send({ type: 'user.change', field, value: next }),
    onBlur: () => actor.send({ type: 'user.blur', field }),
    error: message(problem),
  };
}

/** The password update: the current password, a new one with its rules, and the same again. */
export function PasswordForm({ actor }: { actor: PasswordUpdateRef }) {
  const t = useT();
  const message = useMessage();
  const current = usePasswordBinding(actor, 'password');
  const next = usePasswordBinding(actor, 'new_password');
  const confirm = usePasswordBinding(actor, 'confirm_password');
  const saving = useSelector(actor, (s) => s.hasTag('submitting'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const error = useSelector(actor, (s) => passwordFormError(s.context));
  return (
    <form
      aria-label={t('account.password.formLabel')}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      {error ? <Alert role="alert">{message(error)}</Alert> : null}
      <Fields disabled={saving}>
        <TextField label={t('account.password.current')} type="password" autoComplete="current-password" {...current} />
        <TextField label={t('auth.newPassword')} type="password" autoComplete="new-password" {...next} />
        <PasswordRules password={next.value} />
        <TextField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" {...confirm} />
      </Fields>
      <Button type="submit" disabled={!canSubmit}>
        {saving ? t('account.saving') : t('account.password.submit')}
      </Button>
    </form>
  );
}

/**
 * The "password reset" success dialog (section 4), while the update's machine is in its `updated` state. OK (or
 * Escape) closes it; `onClosed` lets a dialog the form was in close with it.
 */
export function PasswordUpdatedDialog({ actor, onClosed }: { actor: PasswordUpdateRef; onClosed?: () => void }) {
  const t = useT();
  const open = useSelector(actor, (s) => s.hasTag('dialog:passwordUpdated'));
  if (!open) return null;
  const close = () => {
    actor.send({ type: 'user.acknowledge' });
    onClosed?.();
  };
  return <SuccessDialog title={t('account.dialog.passwordReset.title')} body={t('account.dialog.passwordReset.body')} onClose={close} />;
}
