import { useT } from '../../i18n/useT';
import { useAppSelector } from '../appContext';
import { Card, Heading, Page, Stack, Text } from '../kit/Layout';
import { ShellHeader, WayBack } from './ShellHeader';
import { SHORTCUT_BRANDS } from '../../../machines/shell/utilityShortcuts';
import { UtilityShortcuts, useShortcuts } from './UtilityShortcuts';

/**
 * /maintenance: shown while the `maintenance-mode` flag is on. The router's rules bring the person here and take them
 * back to / when the flag goes off (live), so the page itself only explains; it keeps the header and a way back
 * (home or sign-in, which lead here again until maintenance is over).
 */
export function MaintenancePage() {
  const t = useT();
  const brand = useAppSelector((s) => s.context.whitelabel?.brand ?? null);
  return (
    <>
      <ShellHeader />
      <Page css={{ minHeight: 0 }}>
        <Card role="status" data-testid="maintenance-page">
          <Heading>{t('shell.maintenance.title')}</Heading>
          <Text>{t('shell.maintenance.description')}</Text>
          {/* The brand's utility shortcuts that work while the app is down (the other sites), then its useful links. */}
          <MaintenanceShortcuts />
          {brand && SHORTCUT_BRANDS.includes(brand) && <Shortcuts />}
          <Stack css={{ marginTop: '$4' }}>
            <WayBack />
          </Stack>
        </Card>
      </Page>
    </>
  );
}

function MaintenanceShortcuts() {
  return <UtilityShortcuts shortcuts={useShortcuts({ inApp: false, visitorUtility: false })} />;
}

/** The help desk (white-label config) and the deployment's legal pages (runtime config). */
function Shortcuts() {
  const t = useT();
  const email = useAppSelector((s) => s.context.whitelabel?.helpDeskEmail ?? s.context.config.supportEmail);
  const privacy = useAppSelector((s) => s.context.config.privacyPolicyUrl);
  const eula = useAppSelector((s) => s.context.config.eulaUrl);
  return (
    <nav aria-label={t('shell.maintenance.shortcuts')}>
      <Heading as="h2" css={{ fontSize: '$3' }}>
        {t('shell.maintenance.shortcuts')}
      </Heading>
      <Stack as="ul" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
        <li>
          <a href={`mailto:${email}`}>{t('shell.maintenance.helpDesk', { email })}</a>
        </li>
        <li>
          <a href={privacy} target="_blank" rel="noopener noreferrer">
            {t('account.legal.privacy')}
          </a>
        </li>
        <li>
          <a href={eula} target="_blank" rel="noopener noreferrer">
            {t('account.legal.eula')}
          </a>
        </li>
      </Stack>
    </nav>
  );
}
