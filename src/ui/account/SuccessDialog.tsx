import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Text } from '../kit/Layout';
import { Modal, ModalActions } from '../kit/Modal';

/** A success dialog of the account area ("profile updated", "password reset"): its title, one line, and OK (or Escape). */
export function SuccessDialog({ title, body, onClose }: { title: string; body: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={title} onClose={onClose} closeLabel={t('account.dialog.close')}>
      <Text css={{ margin: 0 }}>{body}</Text>
      <ModalActions>
        <Button type="button" onClick={onClose}>
          {t('account.dialog.ok')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
