import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ANALYTICS_CONSENT_ID, type analyticsConsentMachine } from '../../../machines/analytics/analyticsConsent.machine';
import { useAppActor } from '../../app/AppActorContext';
import { useT } from '../../i18n/useT';
import { Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';

type AnalyticsConsentRef = ActorRefFrom<typeof analyticsConsentMachine>;

const Row = styled('button', {
  appearance: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  width: '100%',
  maxWidth: 480,
  minHeight: 44,
  padding: '$2 0',
  border: 0,
  background: 'transparent',
  color: '$text',
  fontSize: '$3',
  textAlign: 'start',
  cursor: 'pointer',
});
const Track = styled('span', {
  position: 'relative',
  flexShrink: 0,
  width: 40,
  height: 24,
  borderRadius: '$round',
  backgroundColor: '$border',
  transition: 'background-color 120ms',
  '[aria-checked="true"] > &': { backgroundColor: '$primary' },
});
const Thumb = styled('span', {
  position: 'absolute',
  top: 2,
  left: 2,
  width: 20,
  height: 20,
  borderRadius: '$round',
  backgroundColor: '$surface',
  transition: 'transform 120ms',
  '[aria-checked="true"] > * > &': { transform: 'translateX(16px)' },
});

/** The settings tab's "Share usage analytics" switch: gives or withdraws consent to the analytics tag. */
export function AnalyticsConsentSwitch() {
  const t = useT();
  const consent = useAppActor().system.get(ANALYTICS_CONSENT_ID) as AnalyticsConsentRef | undefined;
  if (!consent) return null;
  return <ConsentSwitch consent={consent} label={t('account.settings.analytics')} hint={t('account.settings.analyticsHint')} />;
}

function ConsentSwitch({ consent, label, hint }: { consent: AnalyticsConsentRef; label: string; hint: string }) {
  const on = useSelector(consent, (s) => s.hasTag('granted'));
  const state = useSelector(consent, (s) => String(s.value));
  return (
    <>
      <Row
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby="analytics-consent-hint"
        data-consent={state}
        onClick={() => consent.send(on ? { type: 'user.withdraw' } : { type: 'user.grant' })}
      >
        <span>{label}</span>
        <Track aria-hidden="true">
          <Thumb />
        </Track>
      </Row>
      <Text id="analytics-consent-hint" css={{ fontSize: '$2' }}>
        {hint}
      </Text>
    </>
  );
}
