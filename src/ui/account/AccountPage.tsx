import { useSelector } from '@xstate/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Monitor, Moon, Sun } from 'lucide-react';
import { buildingLanguages, canChangeLanguage, legalLinks, selectedLanguage, type LegalLink } from '../../../machines/account/account.selectors';
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
import type { AccountDialog, AccountTab } from '../../../machines/account/accountTabs';
import { Button } from '../kit/Button';
import { Checkbox } from '../kit/Field';
import { Modal } from '../kit/Modal';
import { Card, Heading, Page, Stack, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { Tabs } from '../kit/Tabs';
import { AreaScreen } from '../shell/AreaScreen';
import { useFlagsSelector, useLocaleRef, useLocaleSelector } from './accountHooks';
import { AnalyticsConsentSwitch } from './AnalyticsConsentSwitch';
import { NotificationSettings } from './NotificationSettings';
import { PasswordForm, PasswordUpdatedDialog } from './PasswordForm';

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
      {() => <AccountSections />}
    </AreaScreen>
  );
}

type AccountSearch = { tab?: AccountTab; dialog?: AccountDialog };
/** The /account route: its search is typed by the route's `validateSearch` (src/routes/accountRoutes.tsx). */
const accountRoute = getRouteApi('/account');

/** The account page's address: the open section and dialog (`?tab=`, `?dialog=`); the views move it, nothing else. */
function useAccountAddress() {
  const navigate = useNavigate();
  const search: AccountSearch = accountRoute.useSearch();
  const go = (next: AccountSearch) => void navigate({ to: '/account', search: next, replace: true });
  return { search, go };
}

// Sections as vertical tabs beside their panel; on a phone, the list of sections, and one section at a time with a
// way back to the list (docs/decisions/197-account-page-vertical-tabs-and-dialogs.md).
const Sections = styled('div', {
  '& [data-part="list"]': { display: 'none' },
  '& [data-part="back"]': { display: 'none' },
  '@phone': {
    '& [data-part="list"]': { display: 'block' },
    '& [data-part="tabs"]': { display: 'none' },
    '&[data-open="true"] [data-part="list"]': { display: 'none' },
    '&[data-open="true"] [data-part="tabs"]': { display: 'block' },
    '&[data-open="true"] [data-part="back"]': { display: 'block' },
    '& [role="tablist"]': { display: 'none' },
  },
});
const SectionLinks = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  borderTop: '1px solid $border',
  '& a': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    minHeight: 52,
    padding: '$3 $1',
    borderBottom: '1px solid $border',
    color: '$text',
    textDecoration: 'none',
    fontSize: '$3',
    fontWeight: 600,
  },
});

const BackRow = styled('div', { marginBottom: '$4', '& a': { display: 'inline-flex', alignItems: 'center', gap: '$1', minHeight: 44 } });

function AccountSections() {
  const t = useT();
  const { search, go } = useAccountAddress();
  const tab: AccountTab = search.tab ?? 'profile';
  const sections = [
    { value: 'profile' as const, label: t('account.tab.profile') },
    { value: 'legal' as const, label: t('account.tab.legal') },
    { value: 'settings' as const, label: t('account.tab.settings') },
  ];
  return (
    <Page>
      <Card css={{ maxWidth: 880 }}>
        <Heading css={{ marginBottom: '$5' }}>{t('account.title')}</Heading>
        <Sections data-open={search.tab !== undefined}>
          <nav data-part="list" aria-label={t('account.tabsLabel')}>
            <SectionLinks>
              {sections.map((section) => (
                <li key={section.value}>
                  <Link to="/account" search={{ tab: section.value }}>
                    {section.label}
                    <ChevronRight size={20} aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </SectionLinks>
          </nav>
          <div data-part="tabs">
            <BackRow data-part="back">
              <Link to="/account" search={{}}>
                <ChevronLeft size={18} aria-hidden="true" />
                {t('account.sections.back')}
              </Link>
            </BackRow>
            <Tabs label={t('account.tabsLabel')} orientation="vertical" tabs={sections} value={tab} onValueChange={(next) => go({ tab: next })}>
              {tab === 'legal' ? <LegalPanel /> : tab === 'settings' ? <SettingsPanel /> : <ProfilePanel />}
            </Tabs>
          </div>
        </Sections>
      </Card>
      {search.dialog === 'password' ? <PasswordDialog onClose={() => go({ tab })} /> : null}
      {search.dialog === 'language' ? <LanguageDialog onClose={() => go({ tab })} /> : null}
    </Page>
  );
}

/** The password update as a dialog over the account page; its success dialog takes its place, and closes it. */
function PasswordDialog({ onClose }: { onClose: () => void }) {
  const password = useScreen('passwordUpdate');
  return password ? <PasswordDialogFor password={password} onClose={onClose} /> : null;
}

function PasswordDialogFor({ password, onClose }: { password: ScreenActors['passwordUpdate']; onClose: () => void }) {
  const t = useT();
  const updated = useSelector(password, (s) => s.hasTag('dialog:passwordUpdated'));
  if (updated) return <PasswordUpdatedDialog actor={password} onClosed={onClose} />;
  return (
    <Modal title={t('account.profile.changePassword')} onClose={onClose} closeLabel={t('account.dialog.close')}>
      <PasswordForm actor={password} />
    </Modal>
  );
}

/** The building's languages as a dialog: choosing one changes the language at once and closes it. */
function LanguageDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const locale = useLocaleRef();
  const building = useBuildingSelector((s) => s.context.current);
  const flagOn = useFlagsSelector((s) => s.context.values['change-language-option-in-settings']);
  const current = useLocaleSelector((s) => s.context.locale);
  if (!canChangeLanguage(building, { 'change-language-option-in-settings': flagOn })) return null;
  const languages = buildingLanguages(building);
  return (
    <Modal title={t('account.language.dialogTitle')} onClose={onClose} closeLabel={t('account.dialog.close')}>
      <RadioGroup<string>
        label={t('account.settings.language')}
        value={selectedLanguage(languages, current) ?? ''}
        // A language the interface has no locale for (el_EL of the fallback list, decision 193) is listed, not choosable.
        options={languages.map((l) => ({
          value: l.code,
          label: l.available ? l.name : t('account.settings.languageUnavailable', { name: l.name }),
          disabled: !l.available,
        }))}
        onValueChange={(code) => {
          locale.send({ type: 'locale.set', requested: code });
          onClose();
        }}
      />
    </Modal>
  );
}

/** Who the person is, and the way to change it. */
function ProfilePanel() {
  const t = useT();
  const { go } = useAccountAddress();
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
        <Button
          type="button"
          variant="link"
          aria-haspopup="dialog"
          css={{ alignSelf: 'flex-start', padding: 0, fontWeight: 400 }}
          onClick={() => go({ tab: 'profile', dialog: 'password' })}
        >
          {t('account.profile.changePassword')}
        </Button>
        <Link to="/my-history">{t('history.entryLink')}</Link>
        <Link to="/add-card">{t('payments.accountLink')}</Link>
      </Stack>
    </section>
  );
}

/**
 * The privacy policy and the end-user licence agreement of this deployment (runtime configuration), or a brand's own
 * legal links and its request-data link (docs/decisions/198-brand-legal-links.md).
 */
function LegalPanel() {
  const t = useT();
  const config = useAppSelector((s) => s.context.config);
  const brand = useAppSelector((s) => s.context.whitelabel?.brand ?? null);
  const brandName = useAppSelector((s) => s.context.whitelabel?.name ?? '');
  const label = (kind: LegalLink['kind']) =>
    kind === 'privacy'
      ? t('account.legal.privacy')
      : kind === 'eula'
        ? t('account.legal.eula')
        : kind === 'brandPrivacy'
          ? t('account.legal.brandPrivacy', { brand: brandName })
          : kind === 'brandTerms'
            ? t('account.legal.brandTerms', { brand: brandName })
            : t('account.legal.requestData');
  return (
    <section>
      <SectionTitle>{t('account.tab.legal')}</SectionTitle>
      <Stack as="ul" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {legalLinks(config, brand).map((link) => (
          <li key={link.kind}>
            <ExternalLink href={link.href} newTabLabel={t('account.legal.newTab')}>
              {label(link.kind)}
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
      <NotificationSettings />
    </section>
  );
}

/** Light, dark, or as the device says (the colour scheme actor keeps the choice). Exported for its model test. */
export function AppearanceSetting() {
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
  const { go } = useAccountAddress();
  const building = useBuildingSelector((s) => s.context.current);
  const flagOn = useFlagsSelector((s) => s.context.values['change-language-option-in-settings']);
  const current = useLocaleSelector((s) => s.context.locale);
  if (!canChangeLanguage(building, { 'change-language-option-in-settings': flagOn })) return null;
  const languages = buildingLanguages(building);
  const code = selectedLanguage(languages, current);
  return (
    <Facts>
      <dt>{t('account.settings.language')}</dt>
      <dd>
        <span data-testid="account-language">{languages.find((l) => l.code === code)?.name ?? current}</span>{' '}
        <Button type="button" variant="link" aria-haspopup="dialog" onClick={() => go({ tab: 'settings', dialog: 'language' })}>
          {t('account.settings.changeLanguage')}
        </Button>
      </dd>
    </Facts>
  );
}

function MarketingConsent() {
  const consent = useScreen('emailConsent');
  return consent ? <ConsentToggle consent={consent} /> : null;
}

/** The marketing-email consent's checkbox over its actor (exported for its model test). */
export function ConsentToggle({ consent }: { consent: ScreenActors['emailConsent'] }) {
  const t = useT();
  const checked = useSelector(consent, (s) => s.context.requested ?? s.context.accepted);
  return (
    <>
      <Checkbox
        label={t('account.settings.marketing')}
        checked={checked}
        onCheckedChange={(value) => consent.send({ type: 'user.toggle', accepted: value })}
      />
      <Text css={{ fontSize: '$2' }}>{t('account.settings.marketingHint')}</Text>
    </>
  );
}
