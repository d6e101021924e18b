import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Card, Heading, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { AreaScreen } from '../shell/AreaScreen';
import { HelpDeskForm } from './HelpDeskForm';
import type { HelpDeskRef } from '../../../machines/helpDesk/helpDesk.machine';

const Main = styled('main', {
  width: '100%',
  maxWidth: 720,
  margin: '0 auto',
  padding: '$5 $4 $7',
  minWidth: 0,
  '@tablet': { padding: '$6 $5 $7' },
});
const FormCard = styled(Card, { maxWidth: 'none', padding: '$5 $4', '@tablet': { padding: '$6' } });

/** /help-desk: the support request form (content document, sections 2, 4, 5 and 8). */
export function HelpDeskPage() {
  const helpDesk = useScreen('helpDesk');
  return (
    <AreaScreen areas={['helpDesk', 'shell']} ready={!!helpDesk}>
      {() => <HelpDeskScreen actor={helpDesk!} />}
    </AreaScreen>
  );
}

function HelpDeskScreen({ actor }: { actor: HelpDeskRef }) {
  const t = useT();
  return (
    <Main id="main">
      <FormCard>
        <Heading tabIndex={-1}>{t('helpDesk.title')}</Heading>
        <Text>{t('helpDesk.intro')}</Text>
        <HelpDeskForm actor={actor} />
      </FormCard>
    </Main>
  );
}
