import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { claimMachine } from '../../../machines/content/claim.machine';
import type { ContentView } from '../../../machines/content/contentView';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Alert, Text } from '../kit/Layout';
import { ConfirmModal, NoticeModal } from '../kit/Modal';
import { CtaStatus } from './CtaStatus';

type ClaimRef = ActorRefFrom<typeof claimMachine>;

/** The claim block of an offer: it shows the claim flow's state and sends it what the person does. */
export function ClaimCta({ actor, content }: { actor: ClaimRef; content: ContentView }) {
  const t = useT();
  const available = useSelector(actor, (s) => s.hasTag('cta:claim'));
  const claimed = useSelector(actor, (s) => s.hasTag('cta:claimed'));
  const full = useSelector(actor, (s) => s.hasTag('cta:full'));
  const notEligible = useSelector(actor, (s) => s.hasTag('cta:notEligible'));
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const canClaim = useSelector(actor, (s) => s.can({ type: 'user.claim' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const errorCode = useSelector(actor, (s) => s.context.error?.code ?? null);
  const confirming = useSelector(actor, (s) => s.hasTag('modal:confirmClaim'));
  const confirmed = useSelector(actor, (s) => s.hasTag('modal:claimConfirmed'));
  const cancelling = useSelector(actor, (s) => s.hasTag('modal:cancelClaim'));
  return (
    <>
      {errorCode === 'claim_full' ? <Alert role="alert">{t('content.claim.fullNotice')}</Alert> : null}
      {errorCode === 'already_claimed' ? (
        <Alert role="alert" tone="info">
          {t('content.claim.already')}
        </Alert>
      ) : null}
      {notEligible ? <CtaStatus>{t('content.claim.notEligible')}</CtaStatus> : null}
      {claimed ? (
        <>
          <CtaStatus tone="success">{t('content.claim.claimed')}</CtaStatus>
          <Button
            type="button"
            variant="secondary"
            disabled={!canCancel}
            aria-busy={busy || undefined}
            onClick={() => actor.send({ type: 'user.cancel' })}
          >
            {t('content.claim.cancel')}
          </Button>
        </>
      ) : null}
      {full ? <CtaStatus>{content.cta.atLimitText ?? t('content.claim.full')}</CtaStatus> : null}
      {available && !claimed ? (
        <Button type="button" disabled={!canClaim} aria-busy={busy || undefined} onClick={() => actor.send({ type: 'user.claim' })}>
          {content.cta.label ?? t('content.claim.button')}
        </Button>
      ) : null}
      {confirming ? (
        <ConfirmModal
          title={t('content.claim.confirmTitle')}
          confirmLabel={t('content.claim.confirm')}
          dismissLabel={t('content.claim.notNow')}
          onConfirm={() => actor.send({ type: 'user.confirm' })}
          onDismiss={() => actor.send({ type: 'user.dismiss' })}
        >
          <Text css={{ margin: 0 }}>{t('content.claim.confirmText', { title: content.title })}</Text>
        </ConfirmModal>
      ) : null}
      {confirmed ? (
        <NoticeModal title={t('content.claim.confirmedTitle')} buttonLabel={t('content.done')} onClose={() => actor.send({ type: 'user.done' })}>
          <Text css={{ margin: 0 }}>{t('content.claim.confirmedText')}</Text>
        </NoticeModal>
      ) : null}
      {cancelling ? (
        <ConfirmModal
          title={t('content.claim.cancelTitle')}
          confirmLabel={t('content.claim.cancelConfirm')}
          dismissLabel={t('content.claim.keep')}
          onConfirm={() => actor.send({ type: 'user.confirm' })}
          onDismiss={() => actor.send({ type: 'user.dismiss' })}
        >
          <Text css={{ margin: 0 }}>{t('content.claim.cancelText')}</Text>
        </ConfirmModal>
      ) : null}
    </>
  );
}
