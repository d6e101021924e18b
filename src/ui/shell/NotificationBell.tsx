import { Bell } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useAppActor, useBuildingSelector } from '../appContext';
import { systemActor } from '../../../machines/app/system';
import type { NotificationCentreRef } from '../../../machines/app/app.refs';
import { NOTIFICATION_CENTRE_ID } from '../../../machines/notificationCentre/notificationCentre.machine';
import { useT } from '../../i18n/useT';
import { Link } from '../kit/Link';
import { styled } from '../kit/stitches.config';
import { badgeText } from '../../../machines/notificationCentre/notificationCentre.selectors';

const BellLink = styled(Link, {
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 44,
  minHeight: 44,
  flexShrink: 0,
  borderRadius: '$2',
  color: 'inherit',
  textDecoration: 'none',
  '& svg': { marginInlineStart: 0 },
  '&:hover': { backgroundColor: 'rgba(127, 127, 127, 0.18)' },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: '-2px' },
});
// The count on the bell: white on the error red is AA at this size in light and dark.
const Badge = styled('span', {
  position: 'absolute',
  top: 4,
  insetInlineEnd: 2,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: '$round',
  backgroundColor: '#B3261E',
  color: '#FFFFFF',
  fontSize: 11,
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
  boxShadow: '0 0 0 2px $colors$brand',
});

/** The header's bell: the unread count as a badge, its name saying the count; it opens the building's notifications. */
export function NotificationBell() {
  const centre = systemActor(useAppActor().system, NOTIFICATION_CENTRE_ID);
  const buildingUuid = useBuildingSelector((s) => s.context.current?.uuid ?? null);
  // A stand-in app without the centre (a screen's test) shows no bell.
  return centre && buildingUuid ? <CountedBell centre={centre} buildingUuid={buildingUuid} /> : null;
}

function CountedBell({ centre, buildingUuid }: { centre: NotificationCentreRef; buildingUuid: string }) {
  const t = useT();
  const unread = useSelector(centre, (s) => s.context.counts.unread);
  const badge = badgeText(unread);
  return (
    <BellLink
      to={`/building/${buildingUuid}/notifications`}
      aria-label={t('header.notifications', { count: unread })}
      data-testid="notification-bell"
      data-count={unread}
    >
      <Bell size={22} aria-hidden="true" />
      {badge ? (
        <Badge aria-hidden="true" data-testid="notification-count">
          {badge}
        </Badge>
      ) : null}
    </BellLink>
  );
}
