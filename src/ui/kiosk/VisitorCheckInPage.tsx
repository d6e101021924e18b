import { ArrowLeft } from 'lucide-react';
import { isLobby } from '../../../machines/kiosk/kiosk.selectors';
import { useKioskSelector, useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Link } from '../kit/Link';
import { styled } from '../kit/stitches.config';
import { AreaScreen } from '../shell/AreaScreen';
import { VisitorDesk } from './VisitorDesk';

const HomeLink = styled('nav', {
  margin: '-$2 0 $3',
  '& a': { display: 'inline-flex', alignItems: 'center', gap: '$1', minHeight: 44, fontSize: '$3', textDecoration: 'none' },
  '& a:hover': { textDecoration: 'underline' },
  '& a svg': { marginInlineStart: 0 },
});

/** /visitors/check-in: the lobby kiosk's visitor desk (issue 23). */
export function VisitorCheckInPage() {
  const desk = useScreen('visitorCheckIn');
  return (
    <AreaScreen areas={['visitorDesk', 'shell']} ready={!!desk}>
      {() => <VisitorDesk actor={desk!} wayHome={<BackHome />} />}
    </AreaScreen>
  );
}

/** In lobby mode the kiosk header has no way home (nor an Up bar): the desk offers one. */
function BackHome() {
  const t = useT();
  const lobby = useKioskSelector(isLobby);
  if (!lobby) return null;
  return (
    <HomeLink aria-label={t('visitorDesk.backHome')}>
      <Link to="/home" data-testid="visitor-desk-home">
        <ArrowLeft size={18} aria-hidden="true" focusable="false" />
        {t('visitorDesk.backHome')}
      </Link>
    </HomeLink>
  );
}
