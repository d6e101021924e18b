import { useSelector } from '@xstate/react';
import type { CardSheetRef } from '../../../machines/payments/cardSheet.machine';
import { useCardSheetRef } from '../appContext';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { Modal } from '../kit/Modal';
import { Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { CardForm } from './AddCardPage';

const Status = styled('p', { margin: 0, color: '$muted' });

/** The sheet itself, for a given sheet actor (its texts, the payments area's, loaded around it). */
export function CardSheetView({ sheet }: { sheet: CardSheetRef }) {
  const t = useT();
  const app = useSelector(sheet, (s) => s.context.request?.appName ?? '');
  const entry = useSelector(sheet, (s) => s.context.entry);
  return (
    <Modal title={t('payments.sheet.title', { app })} onClose={() => sheet.send({ type: 'user.cancel' })} closeLabel={t('payments.sheet.close')}>
      <Text>{t('payments.sheet.intro', { app })}</Text>
      {entry ? <CardForm entry={entry} /> : <Status role="status">{t('payments.loadingFields')}</Status>}
    </Modal>
  );
}

/**
 * The host's card sheet over a mini-app that asked for a new card (tokenizeCard): the app's own card form, whose number
 * and code fields are the card frame's, so neither the mini-app nor this page sees them. Closing it answers the
 * mini-app USER_CANCELLED; a stored card answers its token.
 */
export function CardSheet() {
  return (
    <AreaMessages areas={['payments']}>
      <CardSheetView sheet={useCardSheetRef()} />
    </AreaMessages>
  );
}
