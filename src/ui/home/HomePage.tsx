import { Fragment, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { showsPersonal } from '../../../machines/kiosk/kiosk.selectors';
import { useBuildingSelector, useKioskSelector, useScreen, useSessionSelector, type ScreenActors } from '../appContext';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { PageContainer, PageInset } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { AppHeader } from '../shell/AppHeader';
import { LinkOutFrame } from '../linkOut/LinkOutFrame';
import { Feed, FeedSkeleton, HomeTabs, PromotedBlock } from './Feed';
import { useHomeLayout } from './useHomeLayout';
import { UtilityShortcuts, useShortcuts } from '../shell/UtilityShortcuts';
import type { HomeLayout } from '../../../machines/home/liveWork';
import { UtilityGrid } from './UtilityGrid';
import { EmbeddedWidgetCard } from './EmbeddedWidgetCard';
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
  const layout = useHomeLayout();
  const resident = layout.wording === 'resident';
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
                <AmenitiesButton buildingUuid={building.uuid} resident={resident} />
              </AreaMessages>
            </Suspense>
          </HeroText>
        </Hero>
      ) : loading ? (
        // The hero's place is kept while the building loads, so nothing below it moves when it comes.
        <Hero aria-hidden="true" data-testid="hero-placeholder" />
      ) : null}
      <PageContainer data-layout={layout.kind}>
        {/* A lobby screen greets nobody: the greeting is the person's. */}
        {personal ? (
          <Welcome>
            <h2>{t(resident ? 'home.liveWork.welcome' : 'home.welcome', { name: firstName })}</h2>
            {/* The hero names the building (once above the fold, issue 26); without one, this says why. */}
            {building ? null : <p data-testid="current-building">{none ? t('home.noBuilding') : loading ? t('home.buildingLoading') : null}</p>}
          </Welcome>
        ) : null}
        {/* A lobby screen's first offer: guests check in at it. */}
        <VisitorDeskAction />
        {building ? (
          <Suspense fallback={<FeedSkeleton />}>
            <AreaMessages areas={['home', 'linkOut', 'shell']}>
              <HomeFeed layout={layout} buildingUuid={building.uuid} />
            </AreaMessages>
          </Suspense>
        ) : loading ? (
          // Grey tiles where the feed will be while the building loads (issue 26: the home's frame at once).
          <FeedSkeleton />
        ) : null}
      </PageContainer>
    </>
  );
}

function AmenitiesButton({ buildingUuid, resident }: { buildingUuid: string; resident: boolean }) {
  const t = useT();
  return <HeroButton to={`/building/${buildingUuid}/amenities`}>{resident ? t('home.liveWork.amenities') : t('home.amenities')}</HeroButton>;
}

/** The home flow the route opened; it restarts (a new actor) for another building, language or content flag. */
function HomeFeed({ layout, buildingUuid }: { layout: HomeLayout; buildingUuid: string }) {
  const home = useScreen('home');
  return home ? <HomeSections home={home} layout={layout} buildingUuid={buildingUuid} /> : <FeedSkeleton />;
}

/** The home's parts below the welcome, in the layout's order (machines/home/liveWork.ts). */
function HomeSections({ home, layout, buildingUuid }: { home: ScreenActors['home']; layout: HomeLayout; buildingUuid: string }) {
  const t = useT();
  const linkOut = useSelector(home, (s) => s.children.linkOut);
  // The feed is the operator's text: in the content's language when it is not the interface's, and said so once.
  const fallback = useContentFallbackLanguage();
  const lang = fallback ?? undefined;
  const utilitiesTitle = layout.wording === 'resident' ? t('home.liveWork.utilities') : t('home.utilities.title');
  const parts = {
    welcome: null,
    tabs: (
      <Fragment key="tabs">
        <HomeShortcuts home={home} />
        <HomeTabs home={home} buildingUuid={buildingUuid} />
      </Fragment>
    ),
    utilities: layout.titledUtilities ? (
      <section key="utilities" id="utilities" aria-labelledby="utilities-title">
        <UtilitiesTitle id="utilities-title">{utilitiesTitle}</UtilitiesTitle>
        <UtilityGrid home={home} label={utilitiesTitle} />
      </section>
    ) : (
      <section key="utilities" id="utilities" aria-label={utilitiesTitle}>
        <UtilityGrid home={home} label={utilitiesTitle} />
      </section>
    ),
    feed: (
      <div key="feed" lang={lang} style={{ display: 'contents' }} data-testid="home-content">
        <EmbeddedWidgetCard />
        <PromotedBlock home={home} />
        <Feed home={home} />
      </div>
    ),
  };
  return (
    <>
      {fallback ? <ContentLanguageNote language={fallback} /> : null}
      {layout.parts.map((part) => parts[part])}
      {linkOut ? <LinkOutFrame actor={linkOut} /> : null}
    </>
  );
}

const UtilitiesTitle = styled('h2', { margin: 0, fontSize: '$5' });

/** The brand's utility shortcuts (the harbor brand's five); the visitor one opens the building's visitor mini-app. */
function HomeShortcuts({ home }: { home: ScreenActors['home'] }) {
  const utilities = useSelector(home, (s) => s.context.utilities);
  const visitors = utilities.find((u) => u.utility_name === 'VISITOR_REGISTRATION_MINIAPP') ?? null;
  const shortcuts = useShortcuts({ inApp: true, visitorUtility: !!visitors });
  return <UtilityShortcuts shortcuts={shortcuts} onUtility={() => visitors && home.send({ type: 'utility.open', utility: visitors })} />;
}
