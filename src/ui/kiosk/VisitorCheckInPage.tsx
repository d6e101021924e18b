import { useScreen } from '../appContext';
import { AreaScreen } from '../shell/AreaScreen';
import { VisitorDesk } from './VisitorDesk';

/** /visitors/check-in: the lobby kiosk's visitor desk (issue 23). */
export function VisitorCheckInPage() {
  const desk = useScreen('visitorCheckIn');
  return (
    <AreaScreen areas={['visitorDesk', 'shell']} ready={!!desk}>
      {() => <VisitorDesk actor={desk!} />}
    </AreaScreen>
  );
}
