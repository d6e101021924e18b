import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';

/**
 * /mobile-only: what is asked for lives only in the mobile app. The runtime configuration holds no store links
 * (decision 25), so the page prompts in words only.
 */
export function MobileOnlyPage() {
  const t = useT();
  return (
    <Page>
      <Card>
        <Heading>{t('shell.mobileOnly.title')}</Heading>
        <Text>{t('shell.mobileOnly.description')}</Text>
      </Card>
    </Page>
  );
}
