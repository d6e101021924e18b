import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { ClipboardList, ImageOff } from 'lucide-react';
import type { ServiceRequestDetailRef } from '../../../machines/serviceRequests/serviceRequestDetail.machine';
import { answerFacts, changedBy, newestChangeFirst, photoView } from '../../../machines/serviceRequests/serviceRequestDetail.selectors';
import type { RequestPhoto, ServiceRequestDetail, StatusChange } from '../../../machines/serviceRequests/serviceRequestDetail.types';
import { requestTitle } from '../../../machines/serviceRequests/serviceRequests.selectors';
import { useBuildingSelector, useScreen } from '../appContext';
import { formatDate, formatTime } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { Card, PageContainer } from '../kit/Layout';
import { Link, VisuallyHidden } from '../kit/Link';
import { Skeleton } from '../kit/Skeleton';
import { EmptyState, ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';
import { AreaScreen, useScreenBuilding } from '../shell/AreaScreen';
import { BookingStatusChip } from '../bookings/BookingStatusChip';

const Article = styled(Card, {
  maxWidth: 840,
  display: 'flex',
  flexDirection: 'column',
  gap: '$5',
  minWidth: 0,
  // A phone's narrow width goes to the request, not to the card's margins.
  '@phone': { padding: '$5 $4' },
});
const Head = styled('header', { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '$2' });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0, overflowWrap: 'anywhere', '@phone': { fontSize: '$5' } });
const Meta = styled('p', { margin: 0, color: '$muted', fontSize: '$2' });
const SectionTitle = styled('h2', { fontSize: '$4', margin: '0 0 $3' });
const Description = styled('p', { margin: '0 0 $3', overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: '$2 $4',
  margin: 0,
  '& dt': { color: '$muted' },
  '& dd': { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  '@phone': { gridTemplateColumns: 'minmax(0, 1fr)', gap: 0, '& dd': { marginBottom: '$2' } },
});
const Photos = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: '$3',
});
const PhotoTile = styled('li', {
  aspectRatio: '4 / 3',
  borderRadius: '$2',
  overflow: 'hidden',
  backgroundColor: '$border',
  minWidth: 0,
  '& > a, & > img, & > div': { display: 'block', width: '100%', height: '100%' },
  '& img': { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});
const Unshown = styled('div', {
  display: 'flex !important',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$1',
  padding: '$2',
  color: '$muted',
  fontSize: '$1',
  textAlign: 'center',
  overflowWrap: 'anywhere',
});
// A vertical line through the dots, from the newest change at the top to the filing at the bottom.
const Timeline = styled('ol', { listStyle: 'none', margin: 0, padding: 0 });
const Change = styled('li', {
  position: 'relative',
  paddingInlineStart: '$6',
  paddingBottom: '$4',
  '&::before': {
    content: '""',
    position: 'absolute',
    insetInlineStart: 7,
    top: 18,
    bottom: 0,
    width: 2,
    backgroundColor: '$border',
  },
  '&:last-child': { paddingBottom: 0 },
  '&:last-child::before': { display: 'none' },
});
const Dot = styled('span', {
  position: 'absolute',
  insetInlineStart: 0,
  top: 4,
  width: 16,
  height: 16,
  borderRadius: '$round',
  border: '2px solid $muted',
  backgroundColor: '$surface',
  variants: { current: { true: { borderColor: '$primary', backgroundColor: '$primary' } } },
});
const ChangeHead = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });
const ChangeMeta = styled('p', { margin: '$1 0 0', color: '$muted', fontSize: '$2' });
const BackLink = styled(Link, { fontWeight: 600 });
const Note = styled('p', { margin: '$2 0 0', overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

/**
 * /building/{uuid}/service-requests/{requestUuid}: one of the person's service requests, its photos and its status
 * timeline (times in the building's time zone). The way back is the header's up link (to the list) and, when the
 * request is not found, a link to the list.
 */
export function ServiceRequestDetailPage() {
  const buildingUuid = useScreenBuilding();
  const detail = useScreen('serviceRequestDetail');
  const timeZone = useBuildingSelector((s) => s.context.current?.timezone ?? 'UTC');
  return (
    <AreaScreen areas={['serviceRequests', 'bookings', 'shell']} ready={!!buildingUuid && !!detail}>
      {() => <ServiceRequestDetailScreen actor={detail!} timeZone={timeZone} />}
    </AreaScreen>
  );
}

/** A request's screen as its flow's state says: loading, failed (with a retry), not found, or the request. */
export function ServiceRequestDetailScreen({ actor, timeZone }: { actor: ServiceRequestDetailRef; timeZone: string }) {
  const t = useT();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const notFound = useSelector(actor, (s) => s.hasTag('notFound'));
  const request = useSelector(actor, (s) => (s.hasTag('ready') ? s.context.request : null));
  const buildingUuid = useSelector(actor, (s) => s.context.buildingUuid);
  return (
    <PageContainer>
      {loading ? (
        <Article aria-busy="true" aria-label={t('serviceRequests.detail.loading')} data-testid="service-request-loading">
          <Title>{t('serviceRequests.detail.title')}</Title>
          <Skeleton css={{ height: 24, width: '40%' }} />
          <Skeleton css={{ height: 120 }} />
          <Skeleton css={{ height: 160 }} />
        </Article>
      ) : null}
      {failed ? (
        <>
          <VisuallyHidden as="h1">{t('serviceRequests.detail.title')}</VisuallyHidden>
          <ErrorState
            icon={ClipboardList}
            title={t('serviceRequests.detail.failed')}
            action={
              <Button type="button" width="auto" onClick={() => actor.send({ type: 'user.retry' })}>
                {t('serviceRequests.retry')}
              </Button>
            }
          />
        </>
      ) : null}
      {notFound ? (
        <>
          <VisuallyHidden as="h1">{t('serviceRequests.detail.title')}</VisuallyHidden>
          <EmptyState
            icon={ClipboardList}
            title={t('serviceRequests.detail.notFound')}
            description={t('serviceRequests.detail.notFoundText')}
            action={<BackLink to={`/building/${buildingUuid}/service-requests`}>{t('serviceRequests.detail.backToList')}</BackLink>}
          />
        </>
      ) : null}
      {request ? <RequestArticle actor={actor} request={request} timeZone={timeZone} /> : null}
    </PageContainer>
  );
}

function RequestArticle({ actor, request, timeZone }: { actor: ServiceRequestDetailRef; request: ServiceRequestDetail; timeZone: string }) {
  const t = useT();
  const { locale } = useIntl();
  const facts = answerFacts(request.answers);
  return (
    <Article as="article" aria-labelledby="service-request-title" data-testid="service-request-detail">
      <Head>
        <Title id="service-request-title">{requestTitle(request.answers)}</Title>
        <span data-testid="service-request-status">
          <BookingStatusChip status={request.status} />
        </span>
        <Meta>
          {t('serviceRequests.reference', { reference: request.reference })} ·{' '}
          {t('serviceRequests.filed', { date: formatDate(request.created_at, locale, timeZone) })}
        </Meta>
      </Head>
      <section aria-labelledby="service-request-details">
        <SectionTitle id="service-request-details">{t('serviceRequests.detail.details')}</SectionTitle>
        {request.answers.description ? <Description>{request.answers.description}</Description> : null}
        <Facts>
          {facts.map((fact) => (
            <FactRow key={fact.name} name={fact.name} known={fact.known} value={fact.value} />
          ))}
        </Facts>
      </section>
      {request.photos.length ? (
        <section aria-labelledby="service-request-photos">
          <SectionTitle id="service-request-photos">{t('serviceRequests.detail.photos')}</SectionTitle>
          <Photos data-testid="service-request-detail-photos">
            {request.photos.map((photo, index) => (
              <PhotoItem key={photo.id} actor={actor} photo={photo} number={index + 1} count={request.photos.length} />
            ))}
          </Photos>
        </section>
      ) : null}
      <section aria-labelledby="service-request-timeline">
        <SectionTitle id="service-request-timeline">{t('serviceRequests.detail.timeline')}</SectionTitle>
        <Timeline data-testid="service-request-timeline">
          {newestChangeFirst(request.timeline).map((change, index) => (
            <ChangeItem key={`${change.at}-${change.status}-${index}`} change={change} current={index === 0} timeZone={timeZone} />
          ))}
        </Timeline>
      </section>
    </Article>
  );
}

const FACT_KEYS = {
  category: 'serviceRequests.detail.field.category',
  location: 'serviceRequests.detail.field.location',
  priority: 'serviceRequests.detail.field.priority',
  preferred_date: 'serviceRequests.detail.field.preferred_date',
} as const;

function FactRow({ name, known, value }: { name: string; known: boolean; value: string }) {
  const t = useT();
  const { locale } = useIntl();
  const label = known ? t(FACT_KEYS[name as keyof typeof FACT_KEYS]) : name;
  // A preferred date is a day, not an instant: read in UTC so no time zone moves it.
  const shown = name === 'preferred_date' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(`${value}T00:00:00Z`, locale, 'UTC') : value;
  return (
    <>
      <dt>{label}</dt>
      <dd>{shown}</dd>
    </>
  );
}

function PhotoItem({ actor, photo, number, count }: { actor: ServiceRequestDetailRef; photo: RequestPhoto; number: number; count: number }) {
  const t = useT();
  const view = useSelector(actor, (s) => photoView(s.context, photo.id));
  const url = useSelector(actor, (s) => s.context.shown[photo.id] ?? null);
  const alt = t('serviceRequests.detail.photoAlt', { number, count, name: photo.filename });
  return (
    <PhotoTile data-photo={view}>
      {view === 'shown' && url ? (
        // The whole photo opens in a tab of its own (its local address; the file itself needs the person's sign-in).
        <a href={url} target="_blank" rel="noopener">
          <ImageWithFallback src={url} alt={alt} />
        </a>
      ) : view === 'unshown' ? (
        <Unshown role="img" aria-label={t('serviceRequests.detail.photoUnshown', { number, name: photo.filename })}>
          <ImageOff size={24} aria-hidden="true" />
          <span aria-hidden="true">{photo.filename}</span>
        </Unshown>
      ) : (
        <Skeleton role="img" aria-label={t('serviceRequests.detail.photoLoading', { number, count })} />
      )}
    </PhotoTile>
  );
}

function ChangeItem({ change, current, timeZone }: { change: StatusChange; current: boolean; timeZone: string }) {
  const t = useT();
  const { locale } = useIntl();
  const by = changedBy(change);
  const who =
    by.who === 'you'
      ? t('serviceRequests.detail.byYou')
      : by.who === 'named'
        ? t('serviceRequests.detail.byName', { name: by.name })
        : t('serviceRequests.detail.byTeam');
  return (
    <Change data-status={change.status}>
      <Dot current={current} aria-hidden="true" />
      <ChangeHead>
        {current ? <VisuallyHidden>{t('serviceRequests.detail.current')}: </VisuallyHidden> : null}
        <BookingStatusChip status={change.status} />
      </ChangeHead>
      <ChangeMeta>
        <time dateTime={change.at}>
          {t('serviceRequests.detail.when', { date: formatDate(change.at, locale, timeZone), time: formatTime(change.at, locale, timeZone) })}
        </time>{' '}
        · {who}
      </ChangeMeta>
      {change.note ? <Note>{change.note}</Note> : null}
    </Change>
  );
}
