import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Bell, CalendarCheck, ClipboardList, Megaphone, UserCheck, type LucideIcon } from 'lucide-react';
import type { NotificationCentreRef } from '../../../machines/app/app.refs';
import { byDay } from '../../../machines/notificationCentre/notificationCentre.rules';
import { notificationState } from '../../../machines/notificationCentre/notificationCentre.selectors';
import type { CentreNotification } from '../../../machines/notificationCentre/notificationCentre.types';
import type { NotificationKind } from '../../../contracts/notifications';
import { useAppActor, useBuildingSelector } from '../appContext';
import { systemActor } from '../../../machines/app/system';
import { NOTIFICATION_CENTRE_ID } from '../../../machines/notificationCentre/notificationCentre.machine';
import type { AreaMessageId } from '../../i18n/areas';
import { formatDate, formatTime } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { PageContainer, Text } from '../kit/Layout';
import { Link, VisuallyHidden } from '../kit/Link';
import { Skeleton } from '../kit/Skeleton';
import { EmptyState, ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';
import { AreaScreen } from '../shell/AreaScreen';

const Header = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  '@tablet': { flexDirection: 'row', alignItems: 'flex-end', justifyContent: 'space-between' },
});
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });
const Day = styled('h2', { fontSize: '$3', color: '$muted', margin: '$5 0 $2', fontWeight: 600, 'section:first-child > &': { marginTop: 0 } });
const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$2', maxWidth: 840 });
const Item = styled('li', {
  backgroundColor: '$surface',
  borderRadius: '$3',
  boxShadow: '$card',
  display: 'flex',
  gap: '$3',
  alignItems: 'flex-start',
  padding: '$3 $4',
  minWidth: 0,
  borderInlineStart: '4px solid transparent',
  // Unread ones carry the brand's stripe (and say so to assistive technology in words).
  variants: { state: { unseen: { borderInlineStartColor: '$colors$primary' }, seen: { borderInlineStartColor: '$colors$primary' }, read: {} } },
});
const ItemIcon = styled('span', { color: '$primary', flexShrink: 0, paddingTop: 2 });
const ItemBody = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', minWidth: 0, flex: 1 });
const ItemLink = styled(Link, {
  color: '$text',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  '&:hover': { textDecoration: 'underline' },
  variants: { unread: { true: { fontWeight: 700 }, false: { fontWeight: 400 } } },
});
const ItemText = styled('span', { overflowWrap: 'anywhere', variants: { unread: { true: { fontWeight: 700 } } } });
const Meta = styled('span', { color: '$muted', fontSize: '$2', display: 'flex', gap: '$2', alignItems: 'center', flexWrap: 'wrap' });
const NewChip = styled('span', {
  backgroundColor: '$primary',
  color: '$onPrimary',
  borderRadius: '$round',
  padding: '0 $2',
  fontSize: '$1',
  fontWeight: 700,
});

const ICONS: Record<NotificationKind, LucideIcon> = {
  booking_requested: CalendarCheck,
  booking_approved: CalendarCheck,
  booking_denied: CalendarCheck,
  booking_cancelled: CalendarCheck,
  service_request_status: ClipboardList,
  visitor_arrived: UserCheck,
  announcement: Megaphone,
};

const TEXTS: Record<NotificationKind, AreaMessageId> = {
  booking_requested: 'notificationCentre.kind.booking_requested',
  booking_approved: 'notificationCentre.kind.booking_approved',
  booking_denied: 'notificationCentre.kind.booking_denied',
  booking_cancelled: 'notificationCentre.kind.booking_cancelled',
  service_request_status: 'notificationCentre.kind.service_request_status',
  visitor_arrived: 'notificationCentre.kind.visitor_arrived',
  announcement: 'notificationCentre.kind.announcement',
};

/** /building/{uuid}/notifications: what happened to the person in the building, by day, newest first. */
export function NotificationsPage() {
  const centre = systemActor(useAppActor().system, NOTIFICATION_CENTRE_ID);
  const timeZone = useBuildingSelector((s) => s.context.current?.timezone ?? 'UTC');
  return (
    <AreaScreen areas={['notificationCentre', 'shell']} ready={!!centre}>
      {() => <NotificationsScreen centre={centre!} timeZone={timeZone} />}
    </AreaScreen>
  );
}

/** The list over the centre's actor (exported for its model test). */
export function NotificationsScreen({ centre, timeZone }: { centre: NotificationCentreRef; timeZone: string }) {
  const t = useT();
  const loading = useSelector(centre, (s) => s.hasTag('loading') || s.matches('off'));
  const failed = useSelector(centre, (s) => s.hasTag('failed'));
  const ready = useSelector(centre, (s) => s.hasTag('ready'));
  const canReadAll = useSelector(centre, (s) => s.can({ type: 'user.readAll' }));
  const newest = useSelector(centre, (s) => s.context.items[0]?.id ?? null);
  // What the list shows is seen: on opening, and when a new one arrives while it is open.
  useEffect(() => {
    if (ready && newest) centre.send({ type: 'list.viewed' });
  }, [centre, ready, newest]);
  return (
    <PageContainer>
      <Header>
        <div>
          <Title>{t('notificationCentre.title')}</Title>
          <Text css={{ margin: 0 }}>{t('notificationCentre.intro')}</Text>
        </div>
        {ready ? (
          <Button type="button" width="auto" variant="secondary" disabled={!canReadAll} onClick={() => centre.send({ type: 'user.readAll' })}>
            {t('notificationCentre.readAll')}
          </Button>
        ) : null}
      </Header>
      {loading ? (
        <List aria-busy="true" aria-label={t('notificationCentre.title')}>
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton css={{ height: 72 }} />
            </li>
          ))}
        </List>
      ) : null}
      {failed ? (
        <ErrorState
          icon={Bell}
          title={t('notificationCentre.failed')}
          action={
            <Button type="button" width="auto" onClick={() => centre.send({ type: 'user.retry' })}>
              {t('notificationCentre.retry')}
            </Button>
          }
        />
      ) : null}
      {ready ? <Days centre={centre} timeZone={timeZone} /> : null}
    </PageContainer>
  );
}

function Days({ centre, timeZone }: { centre: NotificationCentreRef; timeZone: string }) {
  const t = useT();
  const { locale } = useIntl();
  const items = useSelector(centre, (s) => s.context.items);
  const more = useSelector(centre, (s) => s.context.more);
  const loadingMore = useSelector(centre, (s) => s.hasTag('loadingMore'));
  if (!items.length) return <EmptyState icon={Bell} title={t('notificationCentre.empty.title')} description={t('notificationCentre.empty.text')} />;
  const today = byDay([{ ...items[0]!, created_at: new Date().toISOString() }], timeZone)[0]!.day;
  const yesterday = byDay([{ ...items[0]!, created_at: new Date(Date.now() - 86_400_000).toISOString() }], timeZone)[0]!.day;
  const dayName = (day: string, sample: CentreNotification) =>
    day === today
      ? t('notificationCentre.today')
      : day === yesterday
        ? t('notificationCentre.yesterday')
        : formatDate(sample.created_at, locale, timeZone);
  return (
    <div data-testid="notification-list">
      {byDay(items, timeZone).map(({ day, items: ofDay }) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <Day id={`day-${day}`}>{dayName(day, ofDay[0]!)}</Day>
          <List>
            {ofDay.map((n) => (
              <NotificationItem key={n.id} centre={centre} notification={n} time={formatTime(n.created_at, locale, timeZone, { zoneName: false })} />
            ))}
          </List>
        </section>
      ))}
      {more ? (
        <Button
          type="button"
          width="auto"
          variant="secondary"
          css={{ marginTop: '$4' }}
          disabled={loadingMore}
          onClick={() => centre.send({ type: 'user.loadMore' })}
        >
          {t('notificationCentre.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

function NotificationItem({ centre, notification: n, time }: { centre: NotificationCentreRef; notification: CentreNotification; time: string }) {
  const t = useT();
  const state = notificationState(n);
  const unread = state !== 'read';
  const text = t(TEXTS[n.kind], { subject: n.params.subject, status: n.params.status ?? '' });
  const open = () => centre.send({ type: 'user.open', id: n.id });
  return (
    <Item state={state} data-testid="notification" data-kind={n.kind} data-state={state}>
      <ItemIcon>
        {(() => {
          const Icon = ICONS[n.kind];
          return <Icon size={20} aria-hidden="true" />;
        })()}
      </ItemIcon>
      <ItemBody>
        {n.link ? (
          <ItemLink to={n.link} unread={unread} onClick={open}>
            {text}
            {unread ? <VisuallyHidden> ({t('notificationCentre.unread')})</VisuallyHidden> : null}
          </ItemLink>
        ) : (
          <ItemText unread={unread}>
            {text}
            {unread ? <VisuallyHidden> ({t('notificationCentre.unread')})</VisuallyHidden> : null}
          </ItemText>
        )}
        <Meta>
          <time dateTime={n.created_at}>{time}</time>
          {state === 'unseen' ? <NewChip>{t('notificationCentre.new')}</NewChip> : null}
          {!n.link && unread ? (
            <Button type="button" variant="link" width="auto" onClick={open}>
              {t('notificationCentre.markRead')}
            </Button>
          ) : null}
        </Meta>
      </ItemBody>
    </Item>
  );
}
