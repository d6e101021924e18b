import { Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { showsPersonal } from '../../../machines/kiosk/kiosk.selectors';
import { useBuildingSelector, useKioskSelector, useScreen, useSessionSelector, type ScreenActors } from '../appContext';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { FullScreenCenter, PageContainer, PageInset, Spinner } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { AppHeader } from '../shell/AppHeader';
import { LinkOutFrame } from '../linkOut/LinkOutFrame';
import { Feed, PromotedBlock } from './Feed';
import { UtilityGrid } from './UtilityGrid';
import { VisitorDeskAction } from './VisitorDeskAction';
import { ContentLanguageNote, useContentFallbackLanguage } from '../shell/ContentLanguage';

const Hero = styled('section', {
  position: 'relative',
  minHeight: 200,
  display: 'flex',
  alignItems: 'flex-end',
  padding: '$6 0 $5',
  '@tablet': { minHeight: 260 },
  color: '#FFFFFF',
  backgroundColor: '$secondary',
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  scrollMarginTop: 0,
  '&::after': { content: '""', position: 'absolute', inset: 0, background: 'linear-gradient(transparent 30%, rgba(0,0,0,0.6))' },
});
const HeroText = styled('div', { position: 'relative', zIndex: 1, display: 'flex', flexDirection: 'column', gap: '$2', alignItems: 'flex-start' });
const HeroTitle = styled('h1', { margin: 0, fontSize: '$5', lineHeight: 1.2, '@tablet': { fontSize: '$6' } });
const HeroAddress = styled('p', { margin: 0, opacity: 0.9 });
const HeroButton = styled(Link, {
  marginTop: '$2',
  padding: '$2 $4',
  borderRadius: '$round',
  backgroundColor: '$surface',
  color: '$text',
  fontWeight: 600,
  textDecoration: 'none',
});
const Welcome = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  '& h2': { margin: 0, fontSize: '$5' },
  '& p': { margin: 0, color: '$muted' },
});

/**
 * The building home: hero, welcome, utility grid, promoted block, then the spotlight and discover categories under
 * the sticky jump bar.
 */
export function HomePage() {
  const t = useT();
  const firstName = useSessionSelector((s) => s.context.user?.first_name ?? '');
  const building = useBuildingSelector((s) => s.context.current);
  const hero = useBuildingSelector((s) => s.context.theme?.home_header_image_url ?? s.context.current?.image_url ?? null);
  const loading = useBuildingSelector((s) => s.hasTag('loading'));
  const none = useBuildingSelector((s) => s.matches('noBuilding'));
  const personal = useKioskSelector(showsPersonal);
  return (
    <>
      <AppHeader />
      {building ? (
        <Hero id="home" data-testid="hero" data-hero={hero ?? ''} css={hero ? { backgroundImage: `url("${hero}")` } : undefined}>
          <HeroText as={PageInset}>
            <HeroTitle>{building.name}</HeroTitle>
            <HeroAddress>{building.address_1}</HeroAddress>
            <Suspense fallback={null}>
              <AreaMessages areas={['home']}>
                <AmenitiesButton buildingUuid={building.uuid} />
              </AreaMessages>
            </Suspense>
          </HeroText>
        </Hero>
      ) : loading ? (
        // The hero's place is kept while the building loads, so nothing below it moves when it comes.
        <Hero aria-hidden="true" data-testid="hero-placeholder" />
      ) : null}
      <PageContainer>
        {/* A lobby screen greets nobody: the greeting and "your building" are the person's. */}
        {personal ? (
          <Welcome>
            <h2>{t('home.welcome', { name: firstName })}</h2>
            <p data-testid="current-building">
              {building ? t('home.building', { name: building.name }) : none ? t('home.noBuilding') : loading ? t('home.buildingLoading') : null}
            </p>
          </Welcome>
        ) : null}
        {/* A lobby screen's first offer: guests check in at it. */}
        <VisitorDeskAction />
        {building ? (
          <Suspense
            fallback={
              <FullScreenCenter css={{ minHeight: '30vh' }}>
                <Spinner role="progressbar" aria-label={t('app.loading')} />
              </FullScreenCenter>
            }
          >
            <AreaMessages areas={['home', 'linkOut', 'shell']}>
              <HomeFeed />
            </AreaMessages>
          </Suspense>
        ) : null}
      </PageContainer>
    </>
  );
}

function AmenitiesButton({ buildingUuid }: { buildingUuid: string }) {
  const t = useT();
  return <HeroButton to={`/building/${buildingUuid}/amenities`}>{t('home.amenities')}</HeroButton>;
}

/** The home flow the route opened; it restarts (a new actor) for another building, language or content flag. */
function HomeFeed() {
  const home = useScreen('home');
  const t = useT();
  return home ? (
    <HomeSections home={home} />
  ) : (
    <FullScreenCenter css={{ minHeight: '30vh' }}>
      <Spinner role="progressbar" aria-label={t('app.loading')} />
    </FullScreenCenter>
  );
}

function HomeSections({ home }: { home: ScreenActors['home'] }) {
  const linkOut = useSelector(home, (s) => s.children.linkOut);
  // The feed is the operator's text: in the content's language when it is not the interface's, and said so once.
  const fallback = useContentFallbackLanguage();
  const lang = fallback ?? undefined;
  return (
    <>
      {fallback ? <ContentLanguageNote language={fallback} /> : null}
      <section id="utilities" aria-label={useT()('home.utilities.title')}>
        <UtilityGrid home={home} />
      </section>
      <div lang={lang} style={{ display: 'contents' }} data-testid="home-content">
        <PromotedBlock home={home} />
        <Feed home={home} />
      </div>
      {linkOut ? <LinkOutFrame actor={linkOut} /> : null}
    </>
  );
}
