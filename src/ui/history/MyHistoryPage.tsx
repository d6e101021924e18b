import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { CalendarClock, History, Wrench } from 'lucide-react';
import type { HistoryRef } from '../../../machines/bookings/history.machine';
import type { HistoryItem, HistoryTab, HistoryType } from '../../../machines/bookings/bookings.types';
import { receiptPath, serviceAmount } from '../../../machines/bookings/bookings.rules';
import { useBuildingSelector, useScreen } from '../appContext';
import { formatEventDate, formatPrice } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Chip, ChipList } from '../kit/Chip';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { Alert, PageContainer, Spinner, Text } from '../kit/Layout';
import { Link } from '../kit/Link';
import { RadioGroup } from '../kit/RadioGroup';
import { Skeleton } from '../kit/Skeleton';
import { EmptyState, ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';
import { Tabs } from '../kit/Tabs';
import { AreaScreen } from '../shell/AreaScreen';
import { BookingStatusChip } from '../bookings/BookingStatusChip';

const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });
const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$3' });
const rowLook = {
  display: 'grid',
  gridTemplateColumns: '56px minmax(0, 1fr)',
  gap: '$3',
  alignItems: 'center',
  padding: '$3',
  backgroundColor: '$surface',
  borderRadius: '$3',
  boxShadow: '$card',
  color: '$text',
  textDecoration: 'none',
  '@tablet': { gridTemplateColumns: '72px minmax(0, 1fr) auto', padding: '$3 $4' },
} as const;
const RowLink = styled(Link, { ...rowLook, '&:hover, &:focus-visible': { outline: '2px solid $primary', outlineOffset: 2 } });
const RowBox = styled('div', rowLook);
const Thumb = styled(ImageWithFallback, {
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: '$2',
  backgroundColor: '$border',
  display: 'block',
});
const Main = styled('span', { display: 'flex', flexDirection: 'column', gap: '$1', minWidth: 0 });
const Name = styled('span', { fontWeight: 600, overflowWrap: 'anywhere' });
const When = styled('span', { color: '$muted', fontSize: '$2' });
const Side = styled('span', {
  gridColumn: '2',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  alignItems: 'center',
  '@tablet': { gridColumn: '3', flexDirection: 'column', alignItems: 'flex-end' },
});
const Price = styled('span', { fontWeight: 600 });
const Footer = styled('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '$3', minHeight: 48 });
const SkeletonRow = styled(Skeleton, { height: 80, borderRadius: '$3' });

/**
 * /my-history: the person's events, resource bookings and booked services, upcoming or past, one type at a time,
 * page by page. A booking opens its receipt; an event opens its screen. Statuses read as on the receipt (the bookings
 * area's words, `BookingStatusChip`).
 */
export function MyHistoryPage() {
  const history = useScreen('history');
  return (
    <AreaScreen areas={['history', 'bookings']} ready={!!history}>
      {() => <HistoryScreen history={history!} />}
    </AreaScreen>
  );
}

/** The history's tabs, type selector and list: the history flow's state. */
export function HistoryScreen({ history }: { history: HistoryRef }) {
  const t = useT();
  const tab = useSelector(history, (s) => s.context.tab);
  const type = useSelector(history, (s) => s.context.type);
  return (
    <PageContainer css={{ maxWidth: 880 }}>
      <Title>{t('history.title')}</Title>
      <Tabs<HistoryTab>
        label={t('history.tabsLabel')}
        tabs={[
          { value: 'upcoming', label: t('history.tab.upcoming') },
          { value: 'past', label: t('history.tab.past') },
        ]}
        value={tab}
        onValueChange={(next) => history.send({ type: 'user.selectTab', tab: next })}
      >
        <RadioGroup<HistoryType>
          label={t('history.typeLabel')}
          value={type}
          options={[
            { value: 'event_posts', label: t('history.type.event_posts'), icon: <CalendarClock size={18} aria-hidden="true" /> },
            { value: 'resource_bookings', label: t('history.type.resource_bookings'), icon: <History size={18} aria-hidden="true" /> },
            { value: 'service_bookings', label: t('history.type.service_bookings'), icon: <Wrench size={18} aria-hidden="true" /> },
          ]}
          onValueChange={(next) => history.send({ type: 'user.selectType', historyType: next })}
        />
        <HistoryList history={history} />
      </Tabs>
    </PageContainer>
  );
}

function HistoryList({ history }: { history: HistoryRef }) {
  const t = useT();
  const loading = useSelector(history, (s) => s.hasTag('loading'));
  const failed = useSelector(history, (s) => s.hasTag('failed'));
  const empty = useSelector(history, (s) => s.hasTag('empty'));
  const rows = useSelector(history, (s) => s.context.rows);
  const total = useSelector(history, (s) => s.context.total);
  const canLoadMore = useSelector(history, (s) => s.can({ type: 'user.loadMore' }));
  const loadingMore = useSelector(history, (s) => s.hasTag('loadingMore'));
  const pageFailed = useSelector(history, (s) => s.hasTag('pageFailed'));
  if (loading)
    return (
      <List role="progressbar" aria-label={t('history.loading')} aria-busy="true" data-testid="history-loading">
        {[0, 1, 2].map((i) => (
          <li key={i} aria-hidden="true">
            <SkeletonRow />
          </li>
        ))}
      </List>
    );
  if (failed)
    return (
      <ErrorState
        icon={History}
        title={t('history.failed')}
        action={
          <Button type="button" width="auto" onClick={() => history.send({ type: 'user.retry' })}>
            {t('history.retry')}
          </Button>
        }
      />
    );
  if (empty)
    return (
      <div role="status">
        <EmptyState icon={History} title={t('history.empty.title')} description={t('history.empty.body')} />
      </div>
    );
  return (
    <>
      <Text css={{ margin: '0 0 $3' }} data-testid="history-count">
        {t('history.count', { shown: rows.length, total })}
      </Text>
      <List data-testid="history-list">
        {rows.map((row) => (
          <li key={`${row.kind}:${row.item.uuid}`}>
            <HistoryRow row={row} />
          </li>
        ))}
      </List>
      <Footer>
        {canLoadMore || loadingMore ? (
          <Button type="button" variant="secondary" width="auto" busy={loadingMore} onClick={() => history.send({ type: 'user.loadMore' })}>
            {t('history.loadMore')}
          </Button>
        ) : null}
        {pageFailed ? (
          <Alert role="alert" css={{ width: '100%', maxWidth: 560, display: 'flex', flexDirection: 'column', gap: '$3' }}>
            <span>{t('history.moreFailed')}</span>
            <Button type="button" variant="secondary" onClick={() => history.send({ type: 'user.retry' })}>
              {t('history.retry')}
            </Button>
          </Alert>
        ) : null}
        {loadingMore ? <Spinner role="progressbar" aria-label={t('history.loading')} css={{ width: 24, height: 24 }} /> : null}
      </Footer>
    </>
  );
}

/** One row: what it is, when, its status and price; a booking links to its receipt and an event to its screen. */
function HistoryRow({ row }: { row: HistoryItem }) {
  const t = useT();
  const locale = useIntl().locale;
  const timeZone = useBuildingSelector((s) => s.context.current?.timezone ?? 'UTC');
  const current = useBuildingSelector((s) => s.context.current?.uuid ?? null);
  const when = <When>{formatEventDate(row.item.start_at, row.item.end_at, locale, timeZone)}</When>;
  const price = (amount: number, currency: string) => <Price>{amount > 0 ? formatPrice(amount, currency, locale) : t('history.free')}</Price>;
  switch (row.kind) {
    case 'event_posts': {
      const event = row.item;
      return (
        <RowLink to={`/building/${event.building_uuid}/event-posts/${event.uuid}`} data-testid="history-row">
          <Thumb src={event.content.image_url} alt="" loading="lazy" />
          <Main>
            <Name>{event.content.title}</Name>
            {when}
          </Main>
          <Side>
            <ChipList>
              <Chip tone="success">{t('history.status.attending')}</Chip>
            </ChipList>
            {price(event.price, event.currency_type)}
          </Side>
        </RowLink>
      );
    }
    case 'resource_bookings': {
      const booking = row.item;
      const to = receiptPath(
        {
          ownerType: booking.details.owner.owner_type,
          ownerUuid: booking.details.owner.owner_uuid,
          resourceUuid: booking.details.resource.uuid,
          bookingUuid: booking.uuid,
        },
        current,
      );
      return (
        <RowLink to={to} data-testid="history-row">
          <Thumb src={booking.content.resource.image_url} alt="" loading="lazy" />
          <Main>
            <Name>{booking.content.resource.name}</Name>
            {when}
          </Main>
          <Side>
            <ChipList data-testid="history-status">
              <BookingStatusChip status={booking.status} />
            </ChipList>
            {price(booking.total_price, booking.currency_type)}
          </Side>
        </RowLink>
      );
    }
    case 'service_bookings': {
      const service = row.item;
      return (
        <RowBox data-testid="history-row">
          <Thumb src={service.content.service.logo_url} alt="" loading="lazy" css={{ objectFit: 'contain', backgroundColor: '#FFFFFF' }} />
          <Main>
            <Name>{service.content.service.provider_name}</Name>
            {when}
          </Main>
          <Side>
            <ChipList data-testid="history-status">
              <BookingStatusChip status={service.status} />
            </ChipList>
            {price(serviceAmount(service.content.service.price), service.currency_type)}
          </Side>
        </RowBox>
      );
    }
  }
}
