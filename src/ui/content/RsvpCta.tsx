import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { showFewSpots, type rsvpMachine } from '../../../machines/content/rsvp.machine';
import { spotsLeft } from '../../../machines/content/cta';
import type { ContentView } from '../../../machines/content/contentView';
import { formatAmount } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Alert, Text } from '../kit/Layout';
import { ConfirmModal, NoticeModal } from '../kit/Modal';
import { CtaStatus } from './CtaStatus';

type RsvpRef = ActorRefFrom<typeof rsvpMachine>;

/** The RSVP block of an event post: it shows the RSVP flow's state and sends it what the person does. */
export function RsvpCta({ actor, content }: { actor: RsvpRef; content: ContentView }) {
  const t = useT();
  const available = useSelector(actor, (s) => s.hasTag('cta:rsvp'));
  const attending = useSelector(actor, (s) => s.hasTag('cta:attending'));
  const soldOut = useSelector(actor, (s) => s.hasTag('cta:soldOut'));
  const attended = useSelector(actor, (s) => s.hasTag('cta:attended'));
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const canRsvp = useSelector(actor, (s) => s.can({ type: 'user.rsvp' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const fewLeft = useSelector(actor, (s) => (showFewSpots(s.context) ? spotsLeft(s.context.capacity, s.context.attendeeCount) : null));
  const errorCode = useSelector(actor, (s) => s.context.error?.code ?? null);
  const confirming = useSelector(actor, (s) => s.hasTag('modal:confirmRsvp'));
  const confirmed = useSelector(actor, (s) => s.hasTag('modal:rsvpConfirmed'));
  const cancelling = useSelector(actor, (s) => s.hasTag('modal:cancelRsvp'));
  const locale = useIntl().locale;
  // A priced event says its price on the button and in the confirm step (the app takes no payment: it says so).
  const price = content.price && content.currency ? formatAmount(content.price, content.currency, locale) : null;
  const label = content.cta.label ?? t('content.rsvp.button');
  return (
    <>
      {errorCode === 'rsvp_full' ? <Alert role="alert">{t('content.rsvp.full')}</Alert> : null}
      {errorCode === 'already_rsvpd' ? (
        <Alert role="alert" tone="info">
          {t('content.rsvp.already')}
        </Alert>
      ) : null}
      {attending ? (
        <>
          <CtaStatus tone="success">{t('content.rsvp.attending')}</CtaStatus>
          <Button
            type="button"
            variant="secondary"
            disabled={!canCancel}
            aria-busy={busy || undefined}
            onClick={() => actor.send({ type: 'user.cancel' })}
          >
            {t('content.rsvp.cancel')}
          </Button>
        </>
      ) : null}
      {attended ? <CtaStatus tone="success">{t('content.rsvp.attended')}</CtaStatus> : null}
      {soldOut ? <CtaStatus>{content.cta.atLimitText ?? t('content.rsvp.soldOut')}</CtaStatus> : null}
      {available && !attending ? (
        <>
          {fewLeft !== null ? <CtaStatus tone="warning">{t('content.rsvp.fewSpots', { count: fewLeft })}</CtaStatus> : null}
          <Button type="button" disabled={!canRsvp} aria-busy={busy || undefined} onClick={() => actor.send({ type: 'user.rsvp' })}>
            {price ? t('content.rsvp.buttonPriced', { label, price }) : label}
          </Button>
        </>
      ) : null}
      {confirming ? (
        <ConfirmModal
          title={t('content.rsvp.confirmTitle')}
          confirmLabel={t('content.rsvp.confirm')}
          dismissLabel={t('content.rsvp.notNow')}
          onConfirm={() => actor.send({ type: 'user.confirm' })}
          onDismiss={() => actor.send({ type: 'user.dismiss' })}
        >
          <Text css={{ margin: 0 }} data-testid="rsvp-confirm-text">
            {price ? t('content.rsvp.confirmTextPriced', { title: content.title, price }) : t('content.rsvp.confirmText', { title: content.title })}
          </Text>
        </ConfirmModal>
      ) : null}
      {confirmed ? (
        <NoticeModal title={t('content.rsvp.confirmedTitle')} buttonLabel={t('content.done')} onClose={() => actor.send({ type: 'user.done' })}>
          <Text css={{ margin: 0 }}>{t('content.rsvp.confirmedText', { title: content.title })}</Text>
        </NoticeModal>
      ) : null}
      {cancelling ? (
        <ConfirmModal
          title={t('content.rsvp.cancelTitle')}
          confirmLabel={t('content.rsvp.cancelConfirm')}
          dismissLabel={t('content.rsvp.keep')}
          onConfirm={() => actor.send({ type: 'user.confirm' })}
          onDismiss={() => actor.send({ type: 'user.dismiss' })}
        >
          <Text css={{ margin: 0 }}>{t('content.rsvp.cancelText')}</Text>
        </ConfirmModal>
      ) : null}
    </>
  );
}
