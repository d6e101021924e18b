import { useSelector } from '@xstate/react';
import { AppWindow, Ban, MonitorSmartphone } from 'lucide-react';
import type { DirectMiniAppRef } from '../../../machines/linkOut/directMiniApp.machine';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Heading, PageContainer, Text } from '../kit/Layout';
import { EmptyState } from '../kit/States';
import { AreaScreen } from '../shell/AreaScreen';
import { LinkOutFrame } from './LinkOutFrame';

/** /apps/{appUuid}: a link straight to a registered mini-app (decision 183). */
export function DirectMiniAppPage() {
  const screen = useScreen('directMiniApp');
  return (
    <AreaScreen areas={['linkOut', 'shell']} ready={!!screen}>
      {() => <DirectMiniApp screen={screen!} />}
    </AreaScreen>
  );
}

const REFUSALS = {
  off: { icon: Ban, title: 'linkOut.direct.off.title', description: 'linkOut.direct.off.description' },
  unknown: { icon: AppWindow, title: 'linkOut.direct.unknown.title', description: 'linkOut.direct.unknown.description' },
  lobby: { icon: MonitorSmartphone, title: 'linkOut.direct.lobby.title', description: 'linkOut.direct.lobby.description' },
} as const;

/** The screen's view over its flow (exported for its model test). */
export function DirectMiniApp({ screen }: { screen: DirectMiniAppRef }) {
  const t = useT();
  const name = useSelector(screen, (s) => s.context.app?.name ?? null);
  const open = useSelector(screen, (s) => s.hasTag('open'));
  const refusal = useSelector(screen, (s) => (s.matches('off') ? 'off' : s.matches('unknown') ? 'unknown' : s.matches('lobby') ? 'lobby' : null));
  const frame = useSelector(screen, (s) => s.children.linkOut);
  const shown = refusal ? REFUSALS[refusal] : null;
  return (
    <PageContainer data-testid="direct-mini-app">
      {/* The heading names the screen (and the tab) whatever the frame over it shows. */}
      <Heading tabIndex={-1}>{name && !refusal ? name : t('linkOut.title')}</Heading>
      {open && name ? <Text aria-live="polite">{t('linkOut.direct.opening', { name })}</Text> : null}
      {shown ? (
        <EmptyState
          icon={shown.icon}
          title={t(shown.title)}
          description={t(shown.description)}
          action={
            <Button type="button" onClick={() => screen.send({ type: 'user.home' })} data-testid="direct-mini-app-home">
              {t('linkOut.direct.home')}
            </Button>
          }
        />
      ) : null}
      {frame ? <LinkOutFrame actor={frame} /> : null}
    </PageContainer>
  );
}
