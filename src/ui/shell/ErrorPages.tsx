import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { reportError } from '../../app/errorReporting';
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

/** The error boundary's page: no technical detail for the person, the error goes to the console (and Sentry). */
export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  useEffect(() => {
    console.error(error);
    reportError(error);
  }, [error]);
  return (
    <Page>
      <Card role="alert">
        <Heading>{t('errors.boundary')}</Heading>
        <a href="/">{t('errors.goHome')}</a>
      </Card>
    </Page>
  );
}
