import { useSelector } from '@xstate/react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { buildingLanguages, canChangeLanguage, selectedLanguage } from '../../../machines/account/account.selectors';
import { useAppSelector, useBuildingSelector, useScreen, useSessionSelector, type ScreenActors } from '../appContext';
import { useT } from '../../i18n/useT';
import type { AccountTab } from '../../../machines/account/accountTabs';
import { Checkbox, SelectField } from '../kit/Field';
import { Alert, Card, Heading, Page, Stack, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { Tabs } from '../kit/Tabs';
import { AppHeader } from '../shell/AppHeader';
import { useFlagsSelector, useLocaleRef, useLocaleSelector } from './accountHooks';
import { AnalyticsConsentSwitch } from './AnalyticsConsentSwitch';

const SectionTitle = styled('h2', { fontSize: '$4', margin: '0 0 $3' });
const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$2 $4',
  margin: '0 0 $5',
  '& dt': { color: '$muted' },
  '& dd': { margin: 0 },
});
const VisuallyHidden = styled('span', { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });

/** /account: vertical tabs profile, legal and settings. */
export function AccountPage() {
  const t = useT();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: AccountTab };
  const tab: AccountTab = search.tab ?? 'profile';
  return (
    <>
      <AppHeader />
      <Page>
        <Card css={{ maxWidth: 880 }}>
          <Heading css={{ marginBottom: '$5' }}>{t('account.title')}</Heading>
          <Tabs
            label={t('account.tabsLabel')}
            orientation="vertical"
            tabs={[
              { value: 'profile', label: t('account.tab.profile') },
              { value: 'legal', label: t('account.tab.legal') },
              { value: 'settings', label: t('account.tab.settings') },
            ]}
            value={tab}
            onValueChange={(next) => void navigate({ to: '/account', search: next === 'profile' ? {} : { tab: next }, replace: true })}
          >
            {tab === 'legal' ? <LegalPanel /> : tab === 'settings' ? <SettingsPanel /> : <ProfilePanel />}
          </Tabs>
        </Card>
      </Page>
    </>
  );
}

/** Who the person is, and the way to change it. */
function ProfilePanel() {
  const t = useT();
  const name = useSessionSelector((s) => [s.context.user?.first_name, s.context.user?.last_name].filter(Boolean).join(' '));
  const email = useSessionSelector((s) => s.context.user?.email ?? '');
  const company = useSessionSelector((s) => s.context.user?.company_name ?? null);
  const defaultUuid = useSessionSelector((s) => s.context.user?.default_building_uuid ?? null);
  const defaultBuilding = useBuildingSelector((s) => s.context.buildings.find((b) => b.uuid === defaultUuid)?.name ?? null);
  return (
    <section>
      <SectionTitle>{t('account.tab.profile')}</SectionTitle>
      <Facts>
        <dt>{t('account.profile.name')}</dt>
        <dd data-testid="account-name">{name}</dd>
        <dt>{t('account.profile.email')}</dt>
        <dd>{email}</dd>
        {company ? (
          <>
            <dt>{t('account.profile.company')}</dt>
            <dd>{company}</dd>
          </>
        ) : null}
        <dt>{t('account.profile.defaultBuilding')}</dt>
        <dd>{defaultBuilding ?? t('account.profile.noDefaultBuilding')}</dd>
      </Facts>
      <Stack>
        <Link to="/account/profile">{t('account.profile.edit')}</Link>
        <Link to="/account/profile" search={{ tab: 'password' }}>
          {t('account.profile.changePassword')}
        </Link>
      </Stack>
    </section>
  );
}

/** The privacy policy and the end-user licence agreement of this deployment (runtime configuration). */
function LegalPanel() {
  const t = useT();
  const privacy = useAppSelector((s) => s.context.config.privacyPolicyUrl);
  const eula = useAppSelector((s) => s.context.config.eulaUrl);
  const links = [
    { href: privacy, label: t('account.legal.privacy') },
    { href: eula, label: t('account.legal.eula') },
  ];
  return (
    <section>
      <SectionTitle>{t('account.tab.legal')}</SectionTitle>
      <Stack as="ul" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <VisuallyHidden> ({t('account.legal.newTab')})</VisuallyHidden>
            </a>
          </li>
        ))}
      </Stack>
    </section>
  );
}

/** The interface language (when the building offers a choice and the flag allows it), marketing email and analytics consent. */
function SettingsPanel() {
  const t = useT();
  return (
    <section>
      <SectionTitle>{t('account.tab.settings')}</SectionTitle>
      <LanguageSetting />
      <MarketingConsent />
      <AnalyticsConsentSwitch />
    </section>
  );
}

function LanguageSetting() {
  const t = useT();
  const locale = useLocaleRef();
  const building = useBuildingSelector((s) => s.context.current);
  const flagOn = useFlagsSelector((s) => s.context.values['change-language-option-in-settings']);
  const current = useLocaleSelector((s) => s.context.locale);
  if (!canChangeLanguage(building, { 'change-language-option-in-settings': flagOn })) return null;
  const languages = buildingLanguages(building);
  return (
    <SelectField
      label={t('account.settings.language')}
      placeholder={t('account.settings.languagePlaceholder')}
      value={selectedLanguage(languages, current) ?? ''}
      options={languages.map((l) => ({ value: l.code, label: l.name }))}
      onValueChange={(code) => {
        if (code) locale.send({ type: 'locale.set', requested: code });
      }}
    />
  );
}

function MarketingConsent() {
  const consent = useScreen('emailConsent');
  return consent ? <ConsentToggle consent={consent} /> : null;
}

function ConsentToggle({ consent }: { consent: ScreenActors['emailConsent'] }) {
  const t = useT();
  const checked = useSelector(consent, (s) => s.context.requested ?? s.context.accepted);
  const error = useSelector(consent, (s) => s.context.error?.message ?? null);
  return (
    <>
      <Checkbox
        label={t('account.settings.marketing')}
        checked={checked}
        onCheckedChange={(value) => consent.send({ type: 'user.toggle', accepted: value })}
      />
      {error ? <Alert role="alert">{error}</Alert> : null}
      <Text css={{ fontSize: '$2' }}>{t('account.settings.marketingHint')}</Text>
    </>
  );
}
