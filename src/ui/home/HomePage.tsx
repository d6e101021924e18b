import { useBuildingSelector, useSessionSelector } from '../../app/AppActorContext';
import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { AppHeader } from '../shell/AppHeader';

const Hero = styled('section', {
  position: 'relative',
  minHeight: 220,
  display: 'flex',
  alignItems: 'flex-end',
  padding: '$6 $5',
  color: '#FFFFFF',
  backgroundColor: '$secondary',
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  '&::after': { content: '""', position: 'absolute', inset: 0, background: 'linear-gradient(transparent 30%, rgba(0,0,0,0.55))' },
});
const HeroText = styled('div', { position: 'relative', zIndex: 1 });
const HeroTitle = styled('h1', { margin: 0, fontSize: '$6' });
const HeroAddress = styled('p', { margin: '$1 0 0', opacity: 0.9 });

/** The home page so far: the building's hero and a welcome (the feed comes with the content issue). */
export function HomePage() {
  const t = useT();
  const firstName = useSessionSelector((s) => s.context.user?.first_name ?? '');
  const building = useBuildingSelector((s) => s.context.current);
  const hero = useBuildingSelector((s) => s.context.theme?.home_header_image_url ?? s.context.current?.image_url ?? null);
  const loading = useBuildingSelector((s) => s.hasTag('loading'));
  const none = useBuildingSelector((s) => s.matches('noBuilding'));
  return (
    <>
      <AppHeader />
      {building ? (
        <Hero data-testid="hero" data-hero={hero ?? ''} css={hero ? { backgroundImage: `url("${hero}")` } : undefined}>
          <HeroText>
            <HeroTitle>{building.name}</HeroTitle>
            <HeroAddress>{building.address_1}</HeroAddress>
          </HeroText>
        </Hero>
      ) : null}
      <Page css={{ minHeight: 0 }}>
        <Card>
          <Heading>{t('home.welcome', { name: firstName })}</Heading>
          <Text data-testid="current-building">
            {building ? t('home.building', { name: building.name }) : none ? t('home.noBuilding') : loading ? t('home.buildingLoading') : null}
          </Text>
        </Card>
      </Page>
    </>
  );
}
