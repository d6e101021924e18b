import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useScreen, type ScreenActors } from '../appContext';
import { useT } from '../../i18n/useT';
import type { ProfileTab } from '../../../machines/account/accountTabs';
import { Card, Heading, Page } from '../kit/Layout';
import { Tabs } from '../kit/Tabs';
import { AreaScreen } from '../shell/AreaScreen';
import { PasswordForm, PasswordUpdatedDialog } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/**
 * /account/profile: tabs profile and password. Both flows start with the route and live while it is open, so what
 * the person typed in one tab is still there after a look at the other.
 */
export function ProfilePage() {
  const profile = useScreen('profileForm');
  const password = useScreen('passwordUpdate');
  return (
    <AreaScreen areas={['account']} ready={!!profile && !!password}>
      {() => <ProfileArea profile={profile!} password={password!} />}
    </AreaScreen>
  );
}

/** The /account/profile route: `?tab=` typed by its `validateSearch` (src/routes/accountRoutes.tsx). */
const profileRoute = getRouteApi('/account/profile');

function ProfileArea({ profile, password }: { profile: ScreenActors['profileForm']; password: ScreenActors['passwordUpdate'] }) {
  const t = useT();
  const navigate = useNavigate();
  const search = profileRoute.useSearch();
  const tab: ProfileTab = search.tab ?? 'profile';
  return (
    <Page>
      <Card css={{ maxWidth: 640 }}>
        {/* The way back to the account is the header's up link (src/ui/shell/UpLink.tsx). */}
        <Heading>{t('account.profile.title')}</Heading>
        <Tabs
          label={t('account.profile.tabsLabel')}
          tabs={[
            { value: 'profile', label: t('account.tab.profile') },
            { value: 'password', label: t('account.tab.password') },
          ]}
          value={tab}
          onValueChange={(next) => void navigate({ to: '/account/profile', search: next === 'profile' ? {} : { tab: next }, replace: true })}
        >
          {tab === 'password' ? <PasswordForm actor={password} /> : <ProfileForm actor={profile} />}
        </Tabs>
        <PasswordUpdatedDialog actor={password} />
      </Card>
    </Page>
  );
}
