import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';

/** /sign-in-required: a public page that explains and offers the way in, keeping the query string (e.g. `lang`). */
export function SignInRequiredPage() {
  const t = useT();
  return (
    <Page>
      <Card>
        <Heading>{t('shell.signInRequired.title')}</Heading>
        <Text>{t('shell.signInRequired.description')}</Text>
        <Link to="/login" search={true}>
          {t('shell.signInRequired.action')}
        </Link>
      </Card>
    </Page>
  );
}
