import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';
import { ShellHeader, WayBack } from './ShellHeader';

/** Unknown paths (loaded when first needed, like the other shell pages): the header (the app's, or the brand's) and a way back (home, or sign-in). */
export function NotFoundPage() {
  const t = useT();
  return (
    <>
      <ShellHeader />
      <Page css={{ minHeight: 0 }}>
        <Card data-testid="not-found-page">
          <Heading>{t('errors.notFound.title')}</Heading>
          <Text>{t('errors.notFound.description')}</Text>
          <WayBack />
        </Card>
      </Page>
    </>
  );
}
