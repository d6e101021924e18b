import { shownWidget, WIDGET_SANDBOX } from '../../../machines/home/embeddedWidget';
import { isLobby } from '../../../machines/kiosk/kiosk.selectors';
import { useAppSelector, useFlag, useKioskSelector } from '../appContext';
import { styled } from '../kit/stitches.config';

const Card = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  '& h2': { margin: 0, fontSize: '$4' },
  '& iframe': { width: '100%', height: 240, border: '1px solid $border', borderRadius: '$3', backgroundColor: '$surface' },
});

/** The deployment's embedded third-party widget (decision 203), when its flag is on: a sandboxed frame with its title. */
export function EmbeddedWidgetCard() {
  const widget = useAppSelector((s) => s.context.config.embeddedWidget ?? null);
  const flagOn = useFlag('embedded-third-party-widget');
  const lobby = useKioskSelector(isLobby);
  const shown = shownWidget(widget, { flagOn, lobby });
  if (!shown) return null;
  return (
    <Card aria-labelledby="embedded-widget-title" data-testid="embedded-widget">
      <h2 id="embedded-widget-title">{shown.title}</h2>
      <iframe src={shown.url} title={shown.title} sandbox={WIDGET_SANDBOX} referrerPolicy="no-referrer" loading="lazy" />
    </Card>
  );
}
