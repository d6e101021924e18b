import { and, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { linkOutFrameMachine } from './linkOutFrame.machine';
import type { DirectMiniAppContext, DirectMiniAppEvent, DirectMiniAppInput, DirectMiniAppTag } from './directMiniApp.types';

export const DIRECT_MINI_APP_ID = 'directMiniApp';

/** Whether a snapshot event of the frame child shows it open (undefined for any other event). */
const frameOpen = (event: { type: string; snapshot?: unknown }) =>
  event.type === 'xstate.snapshot.linkOut' ? (event.snapshot as SnapshotFrom<typeof linkOutFrameMachine>).hasTag('open') : undefined;

/**
 * A link straight to a mini-app, /apps/{appUuid} (the flag enable-tw-direct-link, decision 183): the registered mini-app
 * opens at once in the screen's link-out frame, as a home utility would open it (bridged on its own origin); closing
 * it leads home. With the flag off, for a uuid the server registered no mini-app under, or on a lobby screen, the
 * screen says why and offers the way home.
 */
export const directMiniAppMachine = setup({
  types: {
    context: {} as DirectMiniAppContext,
    events: {} as DirectMiniAppEvent,
    input: {} as DirectMiniAppInput,
    tags: {} as DirectMiniAppTag,
  },
  actors: { linkOut: linkOutFrameMachine },
  actions: {
    /** Opens the mini-app in the link-out child as the home's utilities do (the app knows how: bridged or not). */
    openApp: (_, _params: { url: string }) => {},
    /** Leaves for the building's home, replacing this address (Back does not open the mini-app again). */
    goHome: () => {},
  },
  guards: {
    frameShown: ({ event }) => frameOpen(event) === true,
    frameHidden: ({ event }) => frameOpen(event) === false,
    linksOff: ({ context }) => !context.enabled,
    inLobby: ({ context }) => context.lobby,
    unregistered: ({ context }) => context.app === null,
  },
}).createMachine({
  id: DIRECT_MINI_APP_ID,
  context: ({ input }) => input,
  // The frame child's snapshots come back: the mini-app shown, then hidden (its Close, closeMFE) leads home.
  invoke: {
    src: 'linkOut',
    id: 'linkOut',
    onSnapshot: [
      { guard: and([stateIn({ open: 'starting' }), 'frameShown']), target: '.open.showing' },
      { guard: and([stateIn({ open: 'showing' }), 'frameHidden']), target: '.closed' },
    ],
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'linksOff', target: 'off' },
        { guard: 'unregistered', target: 'unknown' },
        { guard: 'inLobby', target: 'lobby' },
        { target: 'open' },
      ],
    },
    open: {
      description: 'The mini-app is shown in the link-out frame; its close leads home.',
      tags: ['open'],
      entry: { type: 'openApp', params: ({ context }) => ({ url: context.app!.baseUrl }) },
      initial: 'starting',
      states: {
        starting: { description: 'The frame child was asked to open the mini-app.' },
        showing: { description: 'The frame shows the mini-app; when it hides, the screen leads home.' },
      },
    },
    closed: { description: 'Left for the home (the route change stops this screen).', entry: 'goHome' },
    off: { description: 'enable-tw-direct-link is off: the link opens nothing.', tags: ['refused'], on: { 'user.home': 'closed' } },
    unknown: { description: 'No mini-app is registered under this uuid.', tags: ['refused'], on: { 'user.home': 'closed' } },
    lobby: {
      description: 'Kiosk mode: a shared screen opens no mini-app as the person signed in.',
      tags: ['refused'],
      on: { 'user.home': 'closed' },
    },
  },
});

export type DirectMiniAppRef = ActorRefFrom<typeof directMiniAppMachine>;
