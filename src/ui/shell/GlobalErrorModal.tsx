import { AreaMessages } from '../../i18n/AreaMessages';
import { useGlobalErrorRef, useGlobalErrorSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Text } from '../kit/Layout';
import { Modal, ModalActions } from '../kit/Modal';

/**
 * The global error modal. One button: "Try again" re-sends the failed action (disabled while the retry is under
 * way); after the same action failed twice in a row it reads "Go back", which closes the modal and leaves the page.
 */
export function GlobalErrorModal() {
  return (
    <AreaMessages areas={['shell']}>
      <GlobalErrorModalContent />
    </AreaMessages>
  );
}

function GlobalErrorModalContent() {
  const t = useT();
  const globalError = useGlobalErrorRef();
  const open = useGlobalErrorSelector((s) => s.hasTag('modal:globalError'));
  const retrying = useGlobalErrorSelector((s) => s.hasTag('retrying'));
  const canRetry = useGlobalErrorSelector((s) => s.can({ type: 'user.retry' }));
  const canGoBack = useGlobalErrorSelector((s) => s.can({ type: 'user.goBack' }));
  if (!open) return null;
  return (
    <Modal title={t('errors.global.title')}>
      <Text css={{ margin: 0 }}>{t('errors.global.description')}</Text>
      {/* "Click to refresh" names the button that does it; once it reads "Go back" there is nothing to refresh. */}
      {canGoBack ? null : <Text css={{ margin: 0 }}>{t('errors.global.refresh')}</Text>}
      <Text css={{ margin: 0 }}>{t('errors.global.support')}</Text>
      <ModalActions>
        {canGoBack ? (
          <Button type="button" onClick={() => globalError.send({ type: 'user.goBack' })}>
            {t('errors.global.goBack')}
          </Button>
        ) : (
          <Button type="button" disabled={!canRetry} aria-busy={retrying || undefined} onClick={() => globalError.send({ type: 'user.retry' })}>
            {t('errors.global.retry')}
          </Button>
        )}
      </ModalActions>
    </Modal>
  );
}
