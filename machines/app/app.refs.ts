import type { notificationCentreMachine } from '../notificationCentre/notificationCentre.machine';
import type { Actor, ActorRefFrom } from 'xstate';
import type { appMachine } from './app.machine';
import type { sessionMachine } from '../session/session.machine';
import type { flagsMachine } from '../flags/flags.machine';
import type { buildingMachine } from '../building/building.machine';
import type { globalErrorMachine } from '../globalError/globalError.machine';
import type { kioskMachine } from '../kiosk/kiosk.machine';
import type { headerMenuMachine } from '../shell/headerMenu.machine';
import type { colorSchemeMachine } from '../appearance/colorScheme.machine';
import type { notificationsMachine } from '../notifications/notifications.machine';

/**
 * The root actor and its long-lived children as types, so views and wiring name them without importing each other:
 * the composition root (src/app) provides the machine's implementations, which does not change its type.
 */
export type AppActor = Actor<typeof appMachine>;
export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type FlagsRef = ActorRefFrom<typeof flagsMachine>;
export type BuildingRef = ActorRefFrom<typeof buildingMachine>;
export type GlobalErrorRef = ActorRefFrom<typeof globalErrorMachine>;
export type KioskRef = ActorRefFrom<typeof kioskMachine>;
export type HeaderMenuRef = ActorRefFrom<typeof headerMenuMachine>;
export type ColorSchemeRef = ActorRefFrom<typeof colorSchemeMachine>;
export type NotificationsRef = ActorRefFrom<typeof notificationsMachine>;
export type NotificationCentreRef = ActorRefFrom<typeof notificationCentreMachine>;
