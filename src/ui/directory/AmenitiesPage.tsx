import { useSelector } from '@xstate/react';
import type { AmenitiesRef } from '../../../machines/directory/amenities.machine';
import { amenitiesTitleId, categorySectionId } from '../../../machines/directory/directory.rules';
import { useAppSelector, useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { PageContainer, Text } from '../kit/Layout';
import { JumpBar } from '../kit/JumpBar';
import { styled } from '../kit/stitches.config';
import { AreaScreen, useScreenBuilding } from '../shell/AreaScreen';
import { ContentLanguageNote, useContentFallbackLanguage } from '../shell/ContentLanguage';
import { LoadFailed, PageTitle, SkeletonTiles, TileGrid, TileImage, TileLink, TileName } from './parts';

// Room for the sticky tab bar above a section the tabs scroll to.
const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$3', scrollMarginTop: 72 });
const SectionTitle = styled('h2', { fontSize: '$5', margin: 0 });

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
              <li key={amenity.amenity_uuid}>
                <TileLink to={`/building/${buildingUuid}/amenities/${amenity.amenity_uuid}`}>
                  <TileImage src={amenity.image_url} alt={amenity.image_alt_text ?? ''} ratio="648 / 416" />
                  <TileName>{amenity.amenity_name}</TileName>
                </TileLink>
              </li>
            ))}
          </TileGrid>
        </Section>
      ))}
    </>
  );
}
