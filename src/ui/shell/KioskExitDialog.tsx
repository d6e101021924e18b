import { useState, type FormEvent } from 'react';
import { useKioskRef, useKioskSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { Modal, ModalActions } from '../kit/Modal';
import { TextField } from '../kit/Field';
import { Button } from '../kit/Button';

/**
 * Leaving kiosk mode: the password of the account signed in here. What is typed stays in this dialog (never in the
 * machine's context, which the statechart inspector shows) and goes with the event that asks for the check.
 */
export function KioskExitDialog() {
  const t = useT();
  const kiosk = useKioskRef();
  const checking = useKioskSelector((s) => s.hasTag('exitChecking'));
  const error = useKioskSelector((s) => s.context.exitError);
  const [password, setPassword] = useState('');
  const cancel = () => kiosk.send({ type: 'user.cancelExit' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password && !checking) kiosk.send({ type: 'user.confirmExit', password });
  };
  const message = !error
    ? undefined
    : error.status === 400
      ? t('kiosk.exitWrong')
      : error.status === 429 && error.message
        ? error.message
        : t('kiosk.exitFailed');
  return (
    <Modal title={t('kiosk.exitTitle')} onClose={cancel}>
      <form onSubmit={submit} noValidate>
        <p>{t('kiosk.exitPrompt')}</p>
        <TextField
          label={t('kiosk.exitPassword')}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onValueChange={setPassword}
          error={message}
          required
        />
        <ModalActions>
          <Button type="submit" disabled={!password} busy={checking}>
            {t('kiosk.exitConfirm')}
          </Button>
          <Button type="button" variant="secondary" onClick={cancel}>
            {t('kiosk.exitCancel')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
