import { useSelector } from '@xstate/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Monitor, Moon, Sun } from 'lucide-react';
import { buildingLanguages, canChangeLanguage, selectedLanguage } from '../../../machines/account/account.selectors';
import {
  useAppSelector,
  useBuildingSelector,
  useColorSchemeRef,
  useColorSchemeSelector,
  useScreen,
  useSessionSelector,
  type ScreenActors,
} from '../appContext';
import { ExternalLink, Link } from '../kit/Link';
import { RadioGroup } from '../kit/RadioGroup';
import type { ColorSchemePreference } from '../../../machines/appearance/colorScheme.machine';
import { useT } from '../../i18n/useT';
import type { AccountTab } from '../../../machines/account/accountTabs';
import { Checkbox, SelectField } from '../kit/Field';
import { Alert, Card, Heading, Page, Stack, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { Tabs } from '../kit/Tabs';
import { AreaScreen } from '../shell/AreaScreen';
import { useFlagsSelector, useLocaleRef, useLocaleSelector } from './accountHooks';
import { AnalyticsConsentSwitch } from './AnalyticsConsentSwitch';

const SectionTitle = styled('h2', { fontSize: '$4', margin: '0 0 $3' });
const Facts = styled('dl', {
  display: 'grid',
  // The value column may shrink below its longest word (a long email address wraps instead of widening the page).
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: '$2 $4',
  margin: '0 0 $5',
  '& dt': { color: '$muted' },
  '& dd': { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  // On a phone each fact stacks under its name.
  '@phone': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '0', '& dd': { marginBottom: '$2' } },
});

/** /account: tabs profile, legal and settings, with the account area's messages. */
export function AccountPage() {
  return (
    <AreaScreen areas={['account', 'history', 'payments']} ready>
      {() => <AccountTabs />}
    </AreaScreen>
  );
}

function AccountTabs() {
  const t = useT();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: AccountTab };
  const tab: AccountTab = search.tab ?? 'profile';
  return (
    <Page>
      <Card css={{ maxWidth: 880 }}>
        <Heading css={{ marginBottom: '$5' }}>{t('account.title')}</Heading>
        <Tabs
          label={t('account.tabsLabel')}
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
        <Link to="/my-history">{t('history.entryLink')}</Link>
        <Link to="/add-card">{t('payments.accountLink')}</Link>
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
            <ExternalLink href={link.href} newTabLabel={t('account.legal.newTab')}>
              {link.label}
            </ExternalLink>
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
      <AppearanceSetting />
      <LanguageSetting />
      <MarketingConsent />
      <AnalyticsConsentSwitch />
    </section>
  );
}

/** Light, dark, or as the device says (the colour scheme actor keeps the choice). */
function AppearanceSetting() {
  const t = useT();
  const colorScheme = useColorSchemeRef();
  const preference = useColorSchemeSelector((s) => s.context.preference);
  return (
    <RadioGroup<ColorSchemePreference>
      label={t('account.settings.appearance')}
      value={preference}
      options={[
        { value: 'system', label: t('account.settings.appearance.system'), icon: <Monitor size={18} aria-hidden="true" /> },
        { value: 'light', label: t('account.settings.appearance.light'), icon: <Sun size={18} aria-hidden="true" /> },
        { value: 'dark', label: t('account.settings.appearance.dark'), icon: <Moon size={18} aria-hidden="true" /> },
      ]}
      onValueChange={(next) => colorScheme.send({ type: 'user.choose', preference: next })}
    />
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
      // A language the interface has no locale for (el_EL of the fallback list) is listed, not choosable.
      options={languages.map((l) => ({
        value: l.code,
        label: l.available ? l.name : t('account.settings.languageUnavailable', { name: l.name }),
        disabled: !l.available,
      }))}
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
