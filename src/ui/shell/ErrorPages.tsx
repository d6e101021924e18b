import { useT } from '../../i18n/useT';
import { Card, Heading, Page } from '../kit/Layout';

/**
 * The error boundary's page: no technical detail for the person (the router reports the error: console and Sentry).
 * A full page load back home, and no header: whatever failed may be in it.
 */
export function ErrorPage() {
  const t = useT();
  return (
    <Page>
      <Card role="alert">
        <Heading>{t('errors.boundary')}</Heading>
        <a href="/">{t('errors.goHome')}</a>
      </Card>
    </Page>
  );
}
