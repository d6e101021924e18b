import { AreaMessages } from '../../i18n/AreaMessages';
import { useSessionRef, useSessionSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Modal, ModalActions } from '../kit/Modal';
import { Text } from '../kit/Layout';

/** Shown when the session could not be refreshed; OK ends it and the routing rules lead to /login. */
export function SessionExpiredModal() {
  return (
    <AreaMessages areas={['shell']}>
      <SessionExpiredModalContent />
    </AreaMessages>
  );
}

function SessionExpiredModalContent() {
  const t = useT();
  const session = useSessionRef();
  const open = useSessionSelector((s) => s.hasTag('modal:sessionExpired'));
  if (!open) return null;
  return (
    <Modal title={t('session.expired.message')}>
      <Text>{t('session.expired.message')}</Text>
      <ModalActions>
        <Button type="button" onClick={() => session.send({ type: 'user.acknowledge' })}>
          {t('session.expired.ok')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
