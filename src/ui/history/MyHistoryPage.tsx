import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';
import { AreaScreen } from '../shell/AreaScreen';

/**
 * /my-history, where the header's "account history" item leads (behind the account-history flag). The transaction
 * history itself comes with the services (bookings, claims, payments); until then the page says what will show here.
 */
export function MyHistoryPage() {
  return (
    <AreaScreen areas={['history']} ready>
      {() => <HistoryEmpty />}
    </AreaScreen>
  );
}

function HistoryEmpty() {
  const t = useT();
  return (
    <Page>
      <Heading as="h1">{t('history.title')}</Heading>
      <Card role="status">
        <Heading as="h2">{t('history.empty.title')}</Heading>
        <Text>{t('history.empty.body')}</Text>
      </Card>
    </Page>
  );
}
