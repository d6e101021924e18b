import { Link } from '../kit/Link';
import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';
import { ShellHeader } from './ShellHeader';

/** /sign-in-required: a public page that explains and offers the way in, keeping the query string (e.g. `lang`). */
export function SignInRequiredPage() {
  const t = useT();
  return (
    <>
      <ShellHeader />
      <Page css={{ minHeight: 0 }}>
        <Card>
          <Heading>{t('shell.signInRequired.title')}</Heading>
          <Text>{t('shell.signInRequired.description')}</Text>
          <Link to="/login" search={true}>
            {t('shell.signInRequired.action')}
          </Link>
        </Card>
      </Page>
    </>
  );
}
