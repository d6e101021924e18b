import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { linkOutFrameMachine } from '../../../machines/linkOut/linkOutFrame.machine';
import { frameSandbox } from '../../../machines/content/links';
import { useT } from '../../i18n/useT';
import { Spinner } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { LINK_OUT_FRAME_ATTRIBUTE } from '../../bridge/frames';

const Backdrop = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: '$frame',
  backgroundColor: 'rgba(20, 24, 28, 0.6)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
const Sheet = styled('div', {
  backgroundColor: '$surface',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  variants: {
    kind: {
      page: { position: 'fixed', inset: 0 },
      survey: { width: 'min(720px, calc(100% - 32px))', maxHeight: 'calc(100% - 32px)', overflowY: 'auto', borderRadius: '$3', boxShadow: '$card' },
    },
  },
});
const Bar = styled('div', {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: '$2 $4',
  borderBottom: '1px solid $border',
});
const Title = styled('h2', { margin: 0, fontSize: '$3' });
const Close = styled('button', {
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: '$primary',
  fontWeight: 600,
  cursor: 'pointer',
  padding: '$2',
});
const Frame = styled('iframe', {
  border: 'none',
  width: '100%',
  display: 'block',
  variants: { kind: { page: { flex: 1 }, survey: { height: 700, flexShrink: 0 } } },
});
const Centre = styled('div', { flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '$6', color: '$muted' });

/**
 * The link-out frame of a screen: a full-screen sheet with the fetched page as an inline document, or a survey
 * framed directly, 700px high; 'page_not_loaded' when the page did not load. Close (or a 'closeMFE' message) hides it.
 */
export function LinkOutFrame({ actor }: { actor: ActorRefFrom<typeof linkOutFrameMachine> }) {
  const t = useT();
  const titleId = useId();
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const loading = useSelector(actor, (s) => s.hasTag('frame:loading'));
  const failed = useSelector(actor, (s) => s.hasTag('frame:failed'));
  const survey = useSelector(actor, (s) => s.hasTag('frame:survey'));
  const miniApp = useSelector(actor, (s) => (s.hasTag('frame:miniApp') ? s.context.miniApp : null));
  const url = useSelector(actor, (s) => s.context.url);
  const html = useSelector(actor, (s) => s.context.html);
  // The mini-app's registered name; a link no mini-app was registered for keeps the generic title.
  const title = useSelector(actor, (s) => s.context.title) ?? t('linkOut.title');
  const surveyLayout = useSelector(actor, (s) => s.context.kind === 'survey' && (s.hasTag('frame:survey') || s.hasTag('frame:miniApp')));
  if (!open) return null;
  const kind = surveyLayout ? 'survey' : 'page';
  const close = () => actor.send({ type: 'linkOut.close' });
  return (
    <Backdrop>
      <Sheet
        kind={kind}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-kind={kind}
        onKeyDown={(e) => (e.key === 'Escape' ? close() : undefined)}
      >
        <Bar>
          <Title id={titleId}>{title}</Title>
          <Close type="button" onClick={close} autoFocus>
            {t('linkOut.close')}
          </Close>
        </Bar>
        {loading ? (
          <Centre aria-busy="true">
            <Spinner role="progressbar" aria-label={t('linkOut.loading')} />
          </Centre>
        ) : null}
        {failed ? <Centre role="alert">{t('linkOut.notLoaded')}</Centre> : null}
        {survey && url ? (
          <Frame
            kind="survey"
            title={title}
            src={url}
            sandbox={frameSandbox(url, window.location.origin)}
            referrerPolicy="no-referrer"
            {...{ [LINK_OUT_FRAME_ATTRIBUTE]: '' }}
          />
        ) : null}
        {miniApp && url ? (
          <Frame
            kind={kind}
            title={title}
            src={url}
            sandbox={miniApp.app.sandbox}
            allow={miniApp.app.allow || undefined}
            referrerPolicy="no-referrer"
            data-bridge-frame={miniApp.frameId}
            {...{ [LINK_OUT_FRAME_ATTRIBUTE]: '' }}
          />
        ) : null}
        {!survey && !miniApp && html !== null && !loading && !failed ? (
          <Frame kind="page" title={title} srcDoc={html} sandbox="allow-scripts allow-forms allow-popups" {...{ [LINK_OUT_FRAME_ATTRIBUTE]: '' }} />
        ) : null}
      </Sheet>
    </Backdrop>
  );
}
