import type { Locale } from './locales';

/**
 * Message catalogues of the screens past sign-in, one folder per area (`src/i18n/areas/<area>/<locale>.json`).
 * They are not in the first load: a lazy screen wraps itself in `<AreaMessages areas={[…]}>`, which loads the
 * area's English and the current locale's messages and lays them over the core catalogue.
 */
export const AREAS = [
  'home',
  'content',
  'directory',
  'linkOut',
  'history',
  'account',
  'shell',
  'bookings',
  'helpDesk',
  'serviceRequests',
  'payments',
  'smartBuilding',
  'visitorDesk',
  'notificationCentre',
] as const;
export type Area = (typeof AREAS)[number];

type HomeIds = keyof typeof import('./areas/home/en.json');
type ContentIds = keyof typeof import('./areas/content/en.json');
type DirectoryIds = keyof typeof import('./areas/directory/en.json');
type LinkOutIds = keyof typeof import('./areas/linkOut/en.json');
type HistoryIds = keyof typeof import('./areas/history/en.json');
type AccountIds = keyof typeof import('./areas/account/en.json');
/** Texts of the header, the global error and session modals, the native-only explanation, the phone hand-off and the content-language note (not needed on /login). */
type ShellIds = keyof typeof import('./areas/shell/en.json');
type BookingsIds = keyof typeof import('./areas/bookings/en.json');
type HelpDeskIds = keyof typeof import('./areas/helpDesk/en.json');
type ServiceRequestsIds = keyof typeof import('./areas/serviceRequests/en.json');
type PaymentsIds = keyof typeof import('./areas/payments/en.json');
type SmartBuildingIds = keyof typeof import('./areas/smartBuilding/en.json');
/** The lobby kiosk's visitor desk (/visitors/check-in) and its action on the kiosk's home. */
type VisitorDeskIds = keyof typeof import('./areas/visitorDesk/en.json');
/** The notification centre's list (/building/{uuid}/notifications). */
type NotificationCentreIds = keyof typeof import('./areas/notificationCentre/en.json');
/** The message ids of every area (a JSON module's type also lists `default`, which is no message). */
export type AreaMessageId = Exclude<
  | HomeIds
  | ContentIds
  | DirectoryIds
  | LinkOutIds
  | HistoryIds
  | AccountIds
  | ShellIds
  | BookingsIds
  | HelpDeskIds
  | ServiceRequestsIds
  | PaymentsIds
  | SmartBuildingIds
  | VisitorDeskIds
  | NotificationCentreIds,
  'default'
>;

const loaders = import.meta.glob<{ default: Record<string, string> }>('./areas/*/*.json');

const load = async (area: Area, locale: string) => (await loaders[`./areas/${area}/${locale}.json`]?.())?.default ?? {};

/** An area's messages in a locale over its English ones (regional English holds only its differences). */
export async function loadAreaCatalogue(area: Area, locale: Locale): Promise<Record<string, string>> {
  if (locale === 'en') return load(area, 'en');
  const [english, messages] = await Promise.all([load(area, 'en'), load(area, locale)]);
  return { ...english, ...messages };
}
