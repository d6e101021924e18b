import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ANALYTICS_CONSENT_ID, type analyticsConsentMachine } from '../../../machines/analytics/analyticsConsent.machine';
import { useAppActor } from '../appContext';
import { systemActor } from '../../../machines/app/system';
import { useT } from '../../i18n/useT';
import { Text } from '../kit/Layout';
import { Switch } from '../kit/Switch';

type AnalyticsConsentRef = ActorRefFrom<typeof analyticsConsentMachine>;

/** The settings tab's "Share usage analytics" switch: gives or withdraws consent to the analytics tag. */
export function AnalyticsConsentSwitch() {
  const t = useT();
  const consent = systemActor(useAppActor().system, ANALYTICS_CONSENT_ID);
  if (!consent) return null;
  return <ConsentSwitch consent={consent} label={t('account.settings.analytics')} hint={t('account.settings.analyticsHint')} />;
}

function ConsentSwitch({ consent, label, hint }: { consent: AnalyticsConsentRef; label: string; hint: string }) {
  const on = useSelector(consent, (s) => s.hasTag('granted'));
  const state = useSelector(consent, (s) => String(s.value));
  return (
    <>
      <Switch
        label={label}
        checked={on}
        aria-describedby="analytics-consent-hint"
        data-consent={state}
        onToggle={() => consent.send(on ? { type: 'user.withdraw' } : { type: 'user.grant' })}
      />
      <Text id="analytics-consent-hint" css={{ fontSize: '$2' }}>
        {hint}
      </Text>
    </>
  );
}
