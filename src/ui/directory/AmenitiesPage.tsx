import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AmenitiesRef } from '../../../machines/directory/amenities.machine';
import type { Amenity } from '../../../machines/directory/directory.types';
import { amenitiesTitleId, categorySectionId } from '../../../machines/directory/directory.rules';
import { useAppSelector, useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { PageContainer, Text } from '../kit/Layout';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { JumpBar } from '../kit/JumpBar';
import { richTextWords } from '../kit/RichText';
import { styled } from '../kit/stitches.config';
import { AreaScreen, useScreenBuilding } from '../shell/AreaScreen';
import { ContentLanguageNote, useContentFallbackLanguage } from '../shell/ContentLanguage';
import { LoadFailed, PageTitle, SkeletonTiles, TileGrid } from './parts';

// Room for the sticky tab bar above a section the tabs scroll to.
const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$3', scrollMarginTop: 72 });
const SectionTitle = styled('h2', { fontSize: '$5', margin: 0 });

/** An amenity's card: its picture, its name (the link, whose click area is the whole card) and its first words. */
const Card = styled('li', {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: '$surface',
  borderRadius: '$3',
  boxShadow: '$card',
  overflow: 'hidden',
  '&:hover, &:has(:focus-visible)': { outline: '2px solid $primary', outlineOffset: 2 },
  // A phone lists them: the picture beside the words, so a category fits on a screen.
  '@phone': { display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)' },
});
const CardImage = styled(ImageWithFallback, {
  display: 'block',
  width: '100%',
  // The width and height attributes and the ratio reserve its place before it comes.
  height: 'auto',
  aspectRatio: '648 / 416',
  objectFit: 'cover',
  backgroundColor: '$border',
  '@phone': { height: '100%' },
});
const CardBody = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  padding: '$3 $4 $4',
  minWidth: 0,
  '@phone': { padding: '$3', justifyContent: 'center' },
});
const CardName = styled('h3', { margin: 0, fontSize: '$3', lineHeight: 1.3, overflowWrap: 'anywhere' });
const CardLink = styled(Link, {
  color: '$text',
  textDecoration: 'none',
  // The whole card takes the click; the card shows the focus.
  '&::after': { content: '""', position: 'absolute', inset: 0 },
  '&:focus-visible': { outline: 'none' },
});
const CardText = styled('p', {
  margin: 0,
  color: '$muted',
  fontSize: '$2',
  lineHeight: 1.4,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});

/** /building/{uuid}/amenities: the building's amenities by category, with tabs that scroll to each category. */
export function AmenitiesPage() {
  const buildingUuid = useScreenBuilding();
  const amenities = useScreen('amenities');
  return (
    <AreaScreen areas={['directory', 'shell']} ready={!!buildingUuid && !!amenities}>
      {() => <AmenitiesScreen amenities={amenities!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

function AmenitiesScreen({ amenities, buildingUuid }: { amenities: AmenitiesRef; buildingUuid: string }) {
  const t = useT();
  const brand = useAppSelector((s) => s.context.whitelabel?.brand ?? null);
  const loading = useSelector(amenities, (s) => s.hasTag('loading'));
  const failed = useSelector(amenities, (s) => s.hasTag('failed'));
  const empty = useSelector(amenities, (s) => s.hasTag('empty'));
  // The amenities are the operator's texts: in the content's language when it is not the interface's (decision 082).
  const fallback = useContentFallbackLanguage();
  return (
    <PageContainer>
      <PageTitle>{t(amenitiesTitleId(brand))}</PageTitle>
      {fallback ? <ContentLanguageNote language={fallback} /> : null}
      {loading ? <SkeletonTiles min="amenity" count={8} /> : null}
      {failed ? <LoadFailed message={t('directory.amenities.failed')} onRetry={() => amenities.send({ type: 'user.retry' })} /> : null}
      {empty ? <Text>{t('directory.amenities.empty')}</Text> : null}
      <div lang={fallback ?? undefined} style={{ display: 'contents' }}>
        <Categories amenities={amenities} buildingUuid={buildingUuid} />
      </div>
    </PageContainer>
  );
}

function Categories({ amenities, buildingUuid }: { amenities: AmenitiesRef; buildingUuid: string }) {
  const t = useT();
  const categories = useSelector(amenities, (s) => s.context.categories);
  const active = useSelector(amenities, (s) => s.context.activeCategory);
  if (!categories.length) return null;
  return (
    <>
      <JumpBar
        label={t('directory.amenities.categories')}
        items={categories.map((category) => ({
          id: category.category_uuid,
          label: category.category_name,
          controls: categorySectionId(category.category_uuid),
        }))}
        current={active}
        onJump={(categoryUuid) => amenities.send({ type: 'user.selectCategory', categoryUuid })}
      />
      {categories.map((category) => (
        <Section
          key={category.category_uuid}
          id={categorySectionId(category.category_uuid)}
          aria-labelledby={`${categorySectionId(category.category_uuid)}-title`}
        >
          <SectionTitle id={`${categorySectionId(category.category_uuid)}-title`}>{category.category_name}</SectionTitle>
          <TileGrid min="amenity">
            {category.amenities.map((amenity) => (
              <AmenityCard key={amenity.amenity_uuid} amenity={amenity} to={`/building/${buildingUuid}/amenities/${amenity.amenity_uuid}`} />
            ))}
          </TileGrid>
        </Section>
      ))}
    </>
  );
}

function AmenityCard({ amenity, to }: { amenity: Amenity; to: string }) {
  const words = amenity.description ? richTextWords(amenity.description) : '';
  return (
    <Card>
      <CardImage
        src={amenity.image_url}
        // Beside the name it would only repeat it.
        alt={amenity.image_alt_text && amenity.image_alt_text !== amenity.amenity_name ? amenity.image_alt_text : ''}
        width={648}
        height={416}
        loading="lazy"
      />
      <CardBody>
        <CardName>
          <CardLink to={to}>{amenity.amenity_name}</CardLink>
        </CardName>
        {words ? <CardText>{words}</CardText> : null}
      </CardBody>
    </Card>
  );
}
