import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { claimMachine } from '../../../machines/content/claim.machine';
import type { ContentView } from '../../../machines/content/contentView';
import { useBuildingSelector } from '../appContext';
import { formatEventDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';
import { QrCode } from '../shell/QrCode';
import { Button } from '../kit/Button';
import { Alert, Text } from '../kit/Layout';
import { ConfirmModal, NoticeModal } from '../kit/Modal';
import { CtaStatus } from './CtaStatus';

type ClaimRef = ActorRefFrom<typeof claimMachine>;

/**
 * The code panel keeps clear of the sticky action bar when it is scrolled to (the article sets the bar's height), so
 * on a phone the code shows whole above the bar.
 */
const CodePanel = styled('section', {
  scrollMarginTop: '$3',
  scrollMarginBottom: 'calc(var(--action-bar-height, 0px) + var(--tab-bar-space, 0px) + $space$3)',
  display: 'grid',
  gridTemplateColumns: '1fr',
  justifyItems: 'center',
  gap: '$2',
  padding: '$4',
  border: '2px dashed $success',
  borderRadius: '$3',
  textAlign: 'center',
  '@tablet': { gridTemplateColumns: 'auto 1fr', justifyItems: 'start', textAlign: 'left', columnGap: '$5' },
});
const CodeText = styled('p', {
  margin: 0,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '$6',
  fontWeight: 700,
  letterSpacing: '0.12em',
});
const CodeLabel = styled('h2', { margin: 0, fontSize: '$3', color: '$muted' });
const QrBox = styled('div', { width: 176, height: 176, '@tablet': { gridRow: 'span 4' } });

/** The code panel's id: focus goes to it when the claim's notice closes. */
const CLAIM_CODE_ID = 'claim-code';
const claimCodePanel = () => (typeof document === 'undefined' ? null : document.getElementById(CLAIM_CODE_ID));

/** The code shown in groups of four, as a cashier reads it out. */
const grouped = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/**
 * A claimed offer's proof: the code to show where the offer is redeemed, its QR code and when it was claimed (in the
 * building's time zone). Shown while the claim flow says the offer is claimed and the server told its code.
 */
export function ClaimCode({ actor }: { actor: ClaimRef }) {
  const t = useT();
  const locale = useIntl().locale;
  const timeZone = useBuildingSelector((s) => s.context.current?.timezone ?? 'UTC');
  const claimed = useSelector(actor, (s) => s.hasTag('cta:claimed'));
  const mine = useSelector(actor, (s) => s.context.myClaim);
  if (!claimed || !mine) return null;
  return (
    <CodePanel id={CLAIM_CODE_ID} tabIndex={-1} aria-labelledby="claim-code-label" data-testid="claim-code">
      <QrBox>
        <QrCode text={mine.code} label={t('content.claim.qr', { code: mine.code })} testId="claim-qr" />
      </QrBox>
      <CodeLabel id="claim-code-label">{t('content.claim.code')}</CodeLabel>
      <CodeText data-testid="claim-code-text">{grouped(mine.code)}</CodeText>
      <Text css={{ margin: 0 }} data-testid="claim-time">
        {t('content.claim.claimedAt', { when: formatEventDate(mine.claimedAt, null, locale, timeZone) })}
      </Text>
      <Text css={{ margin: 0 }}>{t('content.claim.codeHelp')}</Text>
    </CodePanel>
  );
}

/** The claim block of an offer: it shows the claim flow's state and sends it what the person does. */
export function ClaimCta({ actor, content }: { actor: ClaimRef; content: ContentView }) {
  const t = useT();
  const available = useSelector(actor, (s) => s.hasTag('cta:claim'));
  const claimed = useSelector(actor, (s) => s.hasTag('cta:claimed'));
  const full = useSelector(actor, (s) => s.hasTag('cta:full'));
  const notEligible = useSelector(actor, (s) => s.hasTag('cta:notEligible'));
  const ended = useSelector(actor, (s) => s.hasTag('cta:ended'));
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
      {ended ? <CtaStatus>{t(claimed ? 'content.claim.endedKept' : 'content.claim.ended')}</CtaStatus> : null}
      {claimed && !ended ? (
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
        // Closed, it hands focus to the code it announced: the page scrolls the code into view, clear of the action bar.
        <NoticeModal
          title={t('content.claim.confirmedTitle')}
          buttonLabel={t('content.done')}
          onClose={() => actor.send({ type: 'user.done' })}
          returnFocusTo={claimCodePanel}
        >
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
