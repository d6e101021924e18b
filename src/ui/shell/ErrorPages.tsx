import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';

export function NotFoundPage() {
  const t = useT();
  return (
    <Page>
      <Card>
        <Heading>{t('errors.notFound.title')}</Heading>
        <Text>{t('errors.notFound.description')}</Text>
        <Link to="/">{t('errors.goHome')}</Link>
      </Card>
    </Page>
  );
}

/** The error boundary's page: no technical detail for the person (the router reports the error: console and Sentry). */
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
