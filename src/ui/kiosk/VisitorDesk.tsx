import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { CameraOff, CircleAlert, CircleCheck, LogIn, LogOut, ScanLine } from 'lucide-react';
import type { VisitorCheckInRef } from '../../../machines/kiosk/visitorCheckIn.machine';
import { cameraView, deskView } from '../../../machines/kiosk/visitorCheckIn.selectors';
import type { Refusal } from '../../../machines/kiosk/visitorCheckIn.types';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { TextField } from '../kit/Field';
import { Icon } from '../kit/Icon';
import { Spinner } from '../kit/Layout';
import { RadioGroup } from '../kit/RadioGroup';
import { keyframes, styled } from '../kit/stitches.config';

const Main = styled('main', {
  width: '100%',
  maxWidth: 1120,
  margin: '0 auto',
  padding: '$5 $4 $7',
  minWidth: 0,
  '@tablet': { padding: '$6 $5 $7' },
});
const Title = styled('h1', { fontSize: '$5', margin: '0 0 $1', '@tablet': { fontSize: '$6' } });
const Lead = styled('p', { color: '$muted', margin: '0 0 $5', fontSize: '$3', '@tablet': { fontSize: '$4' } });
const Columns = styled('div', {
  display: 'grid',
  gap: '$5',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@tablet': { gridTemplateColumns: 'minmax(0, 1.15fr) minmax(0, 1fr)', gap: '$6' },
});

/** The viewfinder: always dark, the camera's picture under a square frame with marked corners, its caption beneath. */
const Finder = styled('section', {
  overflow: 'hidden',
  borderRadius: '$4',
  backgroundColor: '#0E1114',
  color: '#FFFFFF',
  boxShadow: '$card',
});
const Picture = styled('div', {
  position: 'relative',
  aspectRatio: '4 / 3',
  width: '100%',
  // A message keeps the picture's shape, and grows past it rather than be cut on a narrow screen.
  display: 'flex',
  '& video': { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  variants: { live: { true: { overflow: 'hidden' } } },
});
const Frame = styled('div', {
  position: 'absolute',
  top: '50%',
  left: '50%',
  height: '72%',
  aspectRatio: '1 / 1',
  transform: 'translate(-50%, -50%)',
  borderRadius: '$3',
  // The picture outside the frame is dimmed, so the frame reads as the place to hold the pass.
  boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.4)',
});
const Corner = styled('span', {
  position: 'absolute',
  width: '22%',
  height: '22%',
  borderColor: '#FFFFFF',
  borderStyle: 'solid',
  borderWidth: 0,
  variants: {
    at: {
      topLeft: { top: -2, left: -2, borderTopWidth: 5, borderLeftWidth: 5, borderTopLeftRadius: 14 },
      topRight: { top: -2, right: -2, borderTopWidth: 5, borderRightWidth: 5, borderTopRightRadius: 14 },
      bottomLeft: { bottom: -2, left: -2, borderBottomWidth: 5, borderLeftWidth: 5, borderBottomLeftRadius: 14 },
      bottomRight: { bottom: -2, right: -2, borderBottomWidth: 5, borderRightWidth: 5, borderBottomRightRadius: 14 },
    },
  },
});
const sweep = keyframes({ from: { top: '10%' }, to: { top: '90%' } });
const ScanLineBar = styled('div', {
  position: 'absolute',
  left: '6%',
  right: '6%',
  height: 2,
  top: '50%',
  background: 'rgba(255,255,255,0.85)',
  boxShadow: '0 0 12px rgba(255,255,255,0.9)',
  '@motion': { animation: `${sweep} 2.4s ease-in-out infinite alternate` },
});
const FinderCaption = styled('p', {
  margin: 0,
  padding: '$3 $4',
  color: '#FFFFFF',
  fontSize: '$3',
  fontWeight: 600,
  textAlign: 'center',
  '@tablet': { fontSize: '$4' },
});
const FinderMessage = styled('div', {
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  padding: '$5',
  textAlign: 'center',
  '& p': { margin: 0, maxWidth: 360, fontSize: '$3', lineHeight: '$body' },
  '& button': { color: '#FFFFFF', borderColor: '#FFFFFF' },
});

const Panel = styled('section', {
  backgroundColor: '$surface',
  borderRadius: '$4',
  boxShadow: '$card',
  padding: '$5 $4',
  minWidth: 0,
  '@tablet': { padding: '$6' },
  '&:focus': { outline: 'none' },
});
const PanelTitle = styled('h2', { fontSize: '$4', margin: '0 0 $2', '&:focus': { outline: 'none' } });
const PanelText = styled('p', { color: '$muted', margin: '0 0 $4' });
const CodeField = styled('div', {
  '& input': { fontFamily: '$mono', fontSize: '$4', letterSpacing: '0.08em', textTransform: 'uppercase' },
  '& input::placeholder': { letterSpacing: '0.04em', textTransform: 'none' },
});
const Hint = styled('p', { margin: '$3 0 0', color: '$muted', fontSize: '$2' });
const Outcome = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: '$3',
  padding: '$4 0',
  '& h2': { fontSize: '$5', margin: 0, lineHeight: '$tight', overflowWrap: 'anywhere' },
  '& p': { margin: 0, fontSize: '$3', overflowWrap: 'anywhere', '@tablet': { fontSize: '$4' } },
  variants: {
    tone: {
      welcome: { '& svg': { color: '$success' } },
      refusal: { '& svg': { color: '$danger' } },
    },
  },
});
const Small = styled('p', { color: '$muted', fontSize: '$2 !important' });

/**
 * The lobby kiosk's visitor desk (issue 23): the camera's viewfinder beside the desk's panel, where a guest types the
 * code instead, and where the greeting or the refusal shows.
 */
export function VisitorDesk({ actor, wayHome }: { actor: VisitorCheckInRef; /** A link home, where the header has none. */ wayHome?: ReactNode }) {
  const t = useT();
  return (
    <Main id="main">
      {wayHome}
      <Title tabIndex={-1}>{t('visitorDesk.title')}</Title>
      <Lead>{t('visitorDesk.lead')}</Lead>
      <Columns>
        <Viewfinder actor={actor} />
        <DeskPanel actor={actor} />
      </Columns>
    </Main>
  );
}

function Viewfinder({ actor }: { actor: VisitorCheckInRef }) {
  const t = useT();
  const state = useSelector(actor, cameraView);
  const problem = useSelector(actor, (s) => s.context.cameraProblem);
  const feed = useSelector(actor, (s) => s.context.feed);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => (feed && video.current ? feed.attach(video.current) : undefined), [feed]);
  return (
    <Finder aria-label={t('visitorDesk.camera.label')} data-testid="visitor-camera" data-camera={state}>
      {state === 'live' ? (
        <>
          <Picture live>
            <video ref={video} autoPlay muted playsInline aria-hidden="true" />
            <Frame aria-hidden="true">
              <Corner at="topLeft" />
              <Corner at="topRight" />
              <Corner at="bottomLeft" />
              <Corner at="bottomRight" />
              <ScanLineBar />
            </Frame>
          </Picture>
          <FinderCaption role="status">{t('visitorDesk.camera.live')}</FinderCaption>
        </>
      ) : state === 'unavailable' ? (
        <Picture>
          <FinderMessage role="status">
            <Icon icon={CameraOff} size={40} />
            <p>
              {t(problem === 'denied' ? 'visitorDesk.camera.denied' : problem === 'failed' ? 'visitorDesk.camera.failed' : 'visitorDesk.camera.none')}
            </p>
            <Button variant="secondary" width="auto" size="sm" onClick={() => actor.send({ type: 'user.retryCamera' })}>
              {t('visitorDesk.camera.retry')}
            </Button>
          </FinderMessage>
        </Picture>
      ) : (
        <Picture>
          <FinderMessage role="status">
            {state === 'starting' ? <Spinner aria-hidden="true" /> : <Icon icon={ScanLine} size={40} />}
            <p>{t(state === 'starting' ? 'visitorDesk.camera.starting' : 'visitorDesk.camera.paused')}</p>
          </FinderMessage>
        </Picture>
      )}
    </Finder>
  );
}

function DeskPanel({ actor }: { actor: VisitorCheckInRef }) {
  const t = useT();
  const view = useSelector(actor, deskView);
  // Back from a greeting or a refusal, focus returns to the panel rather than to nowhere (a keyboard user's place).
  const previous = useRef(view);
  const panel = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const cameBack = (previous.current === 'welcomed' || previous.current === 'refused') && view === 'scanning';
    previous.current = view;
    if (cameBack && (document.activeElement === document.body || document.activeElement === null)) panel.current?.focus();
  }, [view]);
  return (
    <Panel aria-labelledby="visitor-desk-panel" data-testid="visitor-desk" data-desk={view}>
      {view === 'welcomed' ? (
        <Welcome actor={actor} />
      ) : view === 'refused' ? (
        <Refused actor={actor} />
      ) : (
        <>
          <PanelTitle id="visitor-desk-panel" ref={panel} tabIndex={-1}>
            {t('visitorDesk.panel.title')}
          </PanelTitle>
          <CodeForm actor={actor} />
        </>
      )}
    </Panel>
  );
}

function CodeForm({ actor }: { actor: VisitorCheckInRef }) {
  const t = useT();
  const mode = useSelector(actor, (s) => s.context.mode);
  const typed = useSelector(actor, (s) => s.context.typed);
  const typedError = useSelector(actor, (s) => s.context.typedError);
  const foreignQr = useSelector(actor, (s) => s.context.foreignQr);
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <RadioGroup
        label={t('visitorDesk.mode.label')}
        value={mode}
        options={[
          { value: 'checkIn', label: t('visitorDesk.mode.checkIn'), icon: <Icon icon={LogIn} /> },
          { value: 'checkOut', label: t('visitorDesk.mode.checkOut'), icon: <Icon icon={LogOut} /> },
        ]}
        onValueChange={(value) => actor.send({ type: 'user.mode', mode: value })}
      />
      <PanelText>{t(mode === 'checkIn' ? 'visitorDesk.intro.checkIn' : 'visitorDesk.intro.checkOut')}</PanelText>
      <CodeField>
        <TextField
          label={t('visitorDesk.code.label')}
          value={typed}
          onValueChange={(value) => actor.send({ type: 'user.type', value })}
          error={typedError ? t(typedError === 'empty' ? 'visitorDesk.code.empty' : 'visitorDesk.code.shape') : undefined}
          hint={t('visitorDesk.code.hint')}
          placeholder="ABCD-EFGH-JKMN"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={64}
          readOnly={checking}
        />
      </CodeField>
      <Button type="submit" size="lg" busy={checking}>
        {t(checking ? 'visitorDesk.checking' : mode === 'checkIn' ? 'visitorDesk.submit.checkIn' : 'visitorDesk.submit.checkOut')}
      </Button>
      <div role="status">{foreignQr ? <Hint>{t('visitorDesk.foreignQr')}</Hint> : null}</div>
    </form>
  );
}

/** Focuses an outcome's button as it shows, so Enter or Space goes on (and a screen reader hears the outcome). */
function useFocusOnShow() {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return button;
}

function Welcome({ actor }: { actor: VisitorCheckInRef }) {
  const t = useT();
  const guest = useSelector(actor, (s) => s.context.guest);
  const mode = useSelector(actor, (s) => s.context.mode);
  const button = useFocusOnShow();
  if (!guest) return null;
  const arriving = mode === 'checkIn';
  return (
    <Outcome tone="welcome" role="status" data-testid="visitor-welcome">
      <Icon icon={CircleCheck} size={56} />
      <h2 id="visitor-desk-panel">{t(arriving ? 'visitorDesk.welcome.title' : 'visitorDesk.goodbye.title', { guest: guest.guestName })}</h2>
      <p>{arriving ? t('visitorDesk.welcome.body', { host: guest.hostName }) : t('visitorDesk.goodbye.body')}</p>
      <Button ref={button} size="lg" onClick={() => actor.send({ type: 'user.next' })}>
        {t('visitorDesk.next')}
      </Button>
      <Small>{t('visitorDesk.returning')}</Small>
    </Outcome>
  );
}

/** A refusal in words: the server's code, and for a pass not valid yet, from when (the building's day and time). */
function useRefusalText(refusal: Refusal | null): string {
  const t = useT();
  const intl = useIntl();
  if (!refusal) return '';
  if (refusal.kind === 'pass_not_yet_valid') {
    if (!refusal.validFrom) return t('visitorDesk.refused.pass_not_yet_valid_later');
    // The server's day and time are the building's own: shown as they are, only in the reader's words.
    const instant = new Date(`${refusal.validFrom.date}T${refusal.validFrom.time}:00Z`);
    return t('visitorDesk.refused.pass_not_yet_valid', {
      time: intl.formatTime(instant, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }),
      date: intl.formatDate(instant, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }),
    });
  }
  return t(`visitorDesk.refused.${refusal.kind}`);
}

function Refused({ actor }: { actor: VisitorCheckInRef }) {
  const t = useT();
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const mode = useSelector(actor, (s) => s.context.mode);
  const text = useRefusalText(refusal);
  const button = useFocusOnShow();
  return (
    <Outcome tone="refusal" role="alert" data-testid="visitor-refusal" data-refusal={refusal?.kind}>
      <Icon icon={CircleAlert} size={56} />
      <h2 id="visitor-desk-panel">{t(mode === 'checkIn' ? 'visitorDesk.refused.titleCheckIn' : 'visitorDesk.refused.titleCheckOut')}</h2>
      <p>{text}</p>
      <Button ref={button} size="lg" variant="secondary" onClick={() => actor.send({ type: 'user.retry' })}>
        {t('visitorDesk.tryAgain')}
      </Button>
    </Outcome>
  );
}
