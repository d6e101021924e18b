import { useBuildingSelector, useSessionSelector } from '../../app/AppActorContext';
import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';
import { AppHeader } from '../shell/AppHeader';

/** A placeholder home: who is signed in and their current building (the home feed comes with the content issue). */
export function HomePage() {
  const t = useT();
  const firstName = useSessionSelector((s) => s.context.user?.first_name ?? '');
  const building = useBuildingSelector((s) => s.context.current?.name ?? null);
  const loading = useBuildingSelector((s) => s.hasTag('loading'));
  const none = useBuildingSelector((s) => s.matches('noBuilding'));
  return (
    <>
      <AppHeader />
      <Page>
        <Card>
          <Heading>{t('home.welcome', { name: firstName })}</Heading>
          <Text data-testid="current-building">
            {building ? t('home.building', { name: building }) : none ? t('home.noBuilding') : loading ? t('home.buildingLoading') : null}
          </Text>
        </Card>
      </Page>
    </>
  );
}
