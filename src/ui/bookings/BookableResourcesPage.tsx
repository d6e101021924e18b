import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Armchair, CalendarX2, DoorOpen, MapPin, Sun, Users, type LucideIcon } from 'lucide-react';
import type { BookableResourcesRef } from '../../../machines/bookings/bookableResources.machine';
import { desksByPlace, resourcesByKind, RESOURCE_KIND_ORDER } from '../../../machines/bookings/bookableResources.selectors';
import type { Resource, ResourceKind } from '../../../machines/bookings/bookResource.types';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Chip, ChipList } from '../kit/Chip';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { PageContainer, Text } from '../kit/Layout';
import { Skeleton } from '../kit/Skeleton';
import { EmptyState, ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';
import { AreaScreen, useScreenBuilding } from '../shell/AreaScreen';

export const KIND_ICONS: Record<ResourceKind, LucideIcon> = { room: DoorOpen, desk: Armchair, amenity: Sun };

const Head = styled('header', { display: 'flex', flexDirection: 'column', gap: '$2', marginBottom: '$4' });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0, '@phone': { fontSize: '$5' } });
const Filters = styled('div', {
  display: 'flex',
  gap: '$2',
  overflowX: 'auto',
  padding: '2px 2px $2',
  margin: '0 -2px $4',
  scrollbarWidth: 'none',
});
const FilterButton = styled('button', {
  appearance: 'none',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: 40,
  padding: '0 $4',
  borderRadius: '$round',
  border: '1px solid $border',
  backgroundColor: '$surface',
  color: '$text',
  fontSize: '$2',
  fontWeight: 600,
  cursor: 'pointer',
  '&[aria-pressed="true"]': { backgroundColor: '$primary', borderColor: '$primary', color: '$onPrimary' },
  '&:focus-visible': { outline: '2px solid $primary', outlineOffset: 2 },
});
const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$3', marginBottom: '$6' });
const SectionTitle = styled('h2', { fontSize: '$5', margin: 0, display: 'flex', alignItems: 'center', gap: '$2' });
/** Desks come by floor and zone, each place under its own small heading. */
const Place = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', '& + &': { marginTop: '$3' } });
const PlaceTitle = styled('h3', { fontSize: '$3', color: '$muted', margin: 0, display: 'flex', alignItems: 'center', gap: '$1' });
const Grid = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$4',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))',
  '@phone': { gap: '$3' },
});
const Tile = styled('li', {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: '$surface',
  borderRadius: '$3',
  boxShadow: '$card',
  overflow: 'hidden',
  '&:hover, &:has(:focus-visible)': { outline: '2px solid $primary', outlineOffset: 2 },
  '@phone': { display: 'grid', gridTemplateColumns: '96px minmax(0, 1fr)' },
});
const TileImage = styled(ImageWithFallback, {
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  backgroundColor: '$border',
  '@phone': { height: '100%', aspectRatio: 'auto' },
});
const TileBody = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', padding: '$3 $4 $4', minWidth: 0 });
const TileName = styled('h3', { margin: 0, fontSize: '$3', lineHeight: 1.3, overflowWrap: 'anywhere' });
const TileLink = styled(Link, {
  color: '$text',
  textDecoration: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0 },
  '&:focus-visible': { outline: 'none' },
});
const Facts = styled('p', { margin: 0, display: 'flex', flexWrap: 'wrap', gap: '$1 $3', color: '$muted', fontSize: '$2' });
const Fact = styled('span', { display: 'inline-flex', alignItems: 'center', gap: '$1', '& svg': { flexShrink: 0 } });

/** /building/{uuid}/book: what the building lets a person book, by kind (rooms, desks, spaces), each opening its booking screen. */
export function BookableResourcesPage() {
  const buildingUuid = useScreenBuilding();
  const list = useScreen('bookableResources');
  return (
    <AreaScreen areas={['bookings', 'shell']} ready={!!buildingUuid && !!list}>
      {() => <BookableResourcesScreen actor={list!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

export function BookableResourcesScreen({ actor, buildingUuid }: { actor: BookableResourcesRef; buildingUuid: string }) {
  const t = useT();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const empty = useSelector(actor, (s) => s.hasTag('empty'));
  const resources = useSelector(actor, (s) => s.context.resources);
  const kind = useSelector(actor, (s) => s.context.kind);
  const groups = resourcesByKind(resources, kind);
  const kinds = RESOURCE_KIND_ORDER.filter((k) => resources.some((r) => r.kind === k));
  return (
    <PageContainer>
      <Head>
        <Title>{t('book.title')}</Title>
        <Text css={{ margin: 0 }}>{t('book.intro')}</Text>
      </Head>
      {loading ? (
        <Grid aria-busy="true" aria-label={t('book.loading')} data-testid="book-loading">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton css={{ height: 220 }} />
            </li>
          ))}
        </Grid>
      ) : null}
      {failed ? (
        <ErrorState
          icon={CalendarX2}
          title={t('book.failed')}
          action={
            <Button type="button" width="auto" onClick={() => actor.send({ type: 'user.retry' })}>
              {t('bookings.retry')}
            </Button>
          }
        />
      ) : null}
      {empty ? <EmptyState icon={CalendarX2} title={t('book.empty')} /> : null}
      {kinds.length > 1 ? (
        <Filters role="group" aria-label={t('book.filter')}>
          <FilterButton type="button" aria-pressed={kind === null} onClick={() => actor.send({ type: 'user.filter', kind: null })}>
            {t('book.kind.all')}
          </FilterButton>
          {kinds.map((k) => {
            const Icon = KIND_ICONS[k];
            return (
              <FilterButton key={k} type="button" aria-pressed={kind === k} onClick={() => actor.send({ type: 'user.filter', kind: k })}>
                <Icon size={16} aria-hidden="true" focusable="false" />
                {t(`book.kind.${k}`)}
              </FilterButton>
            );
          })}
        </Filters>
      ) : null}
      {groups.map((group) => {
        const Icon = KIND_ICONS[group.kind];
        return (
          <Section key={group.kind} aria-labelledby={`book-kind-${group.kind}`}>
            <SectionTitle id={`book-kind-${group.kind}`}>
              <Icon size={22} aria-hidden="true" focusable="false" />
              {t(`book.kind.${group.kind}`)}
            </SectionTitle>
            {group.kind === 'desk' ? (
              desksByPlace(group.resources).map((place) => (
                <Place key={`${place.floor}|${place.zone}`}>
                  <PlaceTitle>
                    <MapPin size={16} aria-hidden="true" focusable="false" />
                    {[place.floor ? t('book.floor', { floor: place.floor }) : null, place.zone].filter(Boolean).join(' · ') || t('book.kind.desk')}
                  </PlaceTitle>
                  <Grid>
                    {place.resources.map((resource) => (
                      <ResourceTile key={resource.uuid} resource={resource} buildingUuid={buildingUuid} nested />
                    ))}
                  </Grid>
                </Place>
              ))
            ) : (
              <Grid>
                {group.resources.map((resource) => (
                  <ResourceTile key={resource.uuid} resource={resource} buildingUuid={buildingUuid} />
                ))}
              </Grid>
            )}
          </Section>
        );
      })}
    </PageContainer>
  );
}

/** Where a resource is (floor and zone) and, but for a desk, how many it seats: the list's tile and the booking screen. */
export function ResourceFacts({ resource }: { resource: Resource }) {
  const t = useT();
  const where = [resource.floor ? t('book.floor', { floor: resource.floor }) : null, resource.zone].filter(Boolean).join(' · ');
  return (
    <Facts>
      {where ? (
        <Fact>
          <MapPin size={14} aria-hidden="true" focusable="false" />
          {where}
        </Fact>
      ) : null}
      {resource.capacity && resource.kind !== 'desk' ? (
        <Fact>
          <Users size={14} aria-hidden="true" focusable="false" />
          {t('book.capacity', { count: resource.capacity })}
        </Fact>
      ) : null}
    </Facts>
  );
}

/** One resource: its picture, name (the link, the whole tile its click area), where it is and what it holds. */
function ResourceTile({ resource, buildingUuid, nested = false }: { resource: Resource; buildingUuid: string; nested?: boolean }) {
  const t = useT();
  return (
    <Tile data-testid="book-resource">
      <TileImage src={resource.image_url} alt="" width={640} height={360} loading="lazy" />
      <TileBody>
        <TileName as={nested ? 'h4' : 'h3'}>
          <TileLink to={`/building/${buildingUuid}/book/${resource.uuid}`}>{resource.name}</TileLink>
        </TileName>
        <ResourceFacts resource={resource} />
        {resource.equipment.length || resource.requires_approval ? (
          <ChipList>
            {resource.requires_approval ? <Chip tone="warning">{t('book.needsApproval')}</Chip> : null}
            {resource.equipment.slice(0, 3).map((item) => (
              <Chip key={item} tone="info">
                {item}
              </Chip>
            ))}
          </ChipList>
        ) : null}
      </TileBody>
    </Tile>
  );
}
