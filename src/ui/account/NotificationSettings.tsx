import { useSelector } from '@xstate/react';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../contracts/notifications';
import { useScreen, type ScreenActors } from '../appContext';
import type { AreaMessageId } from '../../i18n/areas';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Skeleton } from '../kit/Skeleton';
import { Text } from '../kit/Layout';
import { Switch } from '../kit/Switch';
import { styled } from '../kit/stitches.config';

const Group = styled('fieldset', { border: 'none', margin: '$5 0 0', padding: 0, minWidth: 0 });
const Legend = styled('legend', { fontSize: '$4', fontWeight: 600, padding: 0, marginBottom: '$2' });

const LABELS: Record<NotificationKind, AreaMessageId> = {
  booking_requested: 'account.notifications.kind.booking_requested',
  booking_approved: 'account.notifications.kind.booking_approved',
  booking_denied: 'account.notifications.kind.booking_denied',
  booking_cancelled: 'account.notifications.kind.booking_cancelled',
  service_request_status: 'account.notifications.kind.service_request_status',
  visitor_arrived: 'account.notifications.kind.visitor_arrived',
  announcement: 'account.notifications.kind.announcement',
};

/** The settings tab's notification switches, one per kind (the app and the emails follow them). */
export function NotificationSettings() {
  const preferences = useScreen('notificationPreferences');
  return preferences ? <NotificationSwitches preferences={preferences} /> : null;
}

/** The switches over their actor (exported for its model test). */
export function NotificationSwitches({ preferences }: { preferences: ScreenActors['notificationPreferences'] }) {
  const t = useT();
  const loading = useSelector(preferences, (s) => s.hasTag('loading'));
  const failed = useSelector(preferences, (s) => s.hasTag('failed'));
  const saving = useSelector(preferences, (s) => s.hasTag('submitting'));
  const values = useSelector(preferences, (s) => s.context.preferences);
  const requested = useSelector(preferences, (s) => s.context.requested);
  return (
    <Group aria-describedby="notification-settings-intro" aria-busy={loading || saving ? 'true' : undefined} data-testid="notification-settings">
      <Legend>{t('account.notifications.heading')}</Legend>
      <Text id="notification-settings-intro" css={{ fontSize: '$2' }}>
        {t('account.notifications.intro')}
      </Text>
      {loading ? <Skeleton css={{ height: 200 }} /> : null}
      {failed ? (
        <>
          <Text role="alert">{t('account.notifications.failed')}</Text>
          <Button type="button" width="auto" variant="secondary" onClick={() => preferences.send({ type: 'user.retry' })}>
            {t('account.notifications.retry')}
          </Button>
        </>
      ) : null}
      {values
        ? NOTIFICATION_KINDS.map((kind) => {
            const on = requested?.kind === kind ? requested.enabled : values[kind];
            return (
              <Switch
                key={kind}
                label={t(LABELS[kind])}
                checked={on}
                data-kind={kind}
                disabled={saving}
                onToggle={() => preferences.send({ type: 'user.toggle', kind, enabled: !on })}
              />
            );
          })
        : null}
    </Group>
  );
}
