import { waitFor } from 'xstate';
import type { BridgeCallInput } from '../../machines/bridge/bridgeCall.machine';
import type { ReadEventName } from '../../machines/bridge/bridge.machine';
import { BRIDGE_HOST } from '../../machines/bridge/bridge.machine';
import { INTERACTIVE_CALL_MS, stringField, subscribable, type BridgeErrorCode, type BridgeEventName } from '../../machines/bridge/bridge.protocol';
import { CARD_SHEET_ID } from '../../machines/payments/cardSheet.machine';
import { currentMonth } from '../../machines/payments/cardEntry.rules';
import { SESSION_ID } from '../../machines/session/session.machine';
import { BUILDING_ID, type Building } from '../../machines/building/building.machine';
import { KIOSK_ID } from '../../machines/kiosk/kiosk.machine';
import { COLOR_SCHEME_ID } from '../../machines/appearance/colorScheme.machine';
import type { AppActor } from '../../machines/app/app.refs';
import { runningActor, systemActor } from '../../machines/app/system';
import { miniAppSession, miniAppStorageGet, miniAppStorageSet } from '../api/miniApps';
import { paymentMethods, tokenizedPaymentMethod } from '../api/payments';

/** A refusal with a code of the bridge's closed list: the call machine answers it as it is. */
const refuse = (code: BridgeErrorCode, message: string) => ({ code, message });

const session = (app: AppActor) => runningActor(app.system, SESSION_ID).getSnapshot();
const building = (app: AppActor) => runningActor(app.system, BUILDING_ID).getSnapshot().context;

const signedInUser = (app: AppActor) => {
  const user = session(app).context.user;
  if (!user || !session(app).matches('signedIn')) throw refuse('UNAVAILABLE', 'Nobody is signed in');
  return user;
};

const currentBuildingUuid = (app: AppActor) => {
  const uuid = app.getSnapshot().context.buildingUuid;
  if (!uuid) throw refuse('UNAVAILABLE', 'No building is chosen yet');
  return uuid;
};

/** What a mini-app learns of a building: its public facts, nothing about who else is in it. */
const buildingFacts = (b: Building) => ({
  uuid: b.uuid,
  name: b.name,
  address_1: b.address_1 ?? null,
  timezone: b.timezone ?? null,
  image_url: b.image_url ?? null,
  locale: b.locale ?? null,
});

const theme = (app: AppActor) => {
  const t = building(app).theme;
  const wl = app.getSnapshot().context.whitelabel;
  const scheme = systemActor(app.system, COLOR_SCHEME_ID)?.getSnapshot().context.preference ?? 'system';
  const dark = scheme === 'dark' || (scheme === 'system' && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  return {
    primary_color: t?.primary_color ?? wl?.primaryColor ?? '#257BAD',
    secondary_color: t?.secondary_color ?? wl?.secondaryColor ?? '#7C7933',
    primary_font_color: t?.primary_font_color ?? null,
    font: t?.font ?? null,
    color_scheme: dark ? 'dark' : 'light',
  };
};

const brand = (app: AppActor) => {
  const wl = app.getSnapshot().context.whitelabel;
  return {
    brand: wl?.brand ?? 'atrium',
    name: wl?.name ?? 'Atrium',
    logo_url: wl?.logoUrl ?? null,
    primary_color: wl?.primaryColor ?? '#257BAD',
    secondary_color: wl?.secondaryColor ?? '#7C7933',
  };
};

const currentBuilding = (app: AppActor) => {
  const current = building(app).current;
  if (!current) throw refuse('UNAVAILABLE', 'No building is chosen yet');
  return buildingFacts(current);
};

/** Inside the native app's web view (part E's /webview routes) or a browser tab. */
const platform = () => (typeof window !== 'undefined' && window.location.pathname.startsWith('/webview') ? 'webview' : 'web');

/** The current value each event carries, read when it is subscribed to and when it changes. */
export function readEventValue(app: AppActor, event: ReadEventName | BridgeEventName): unknown {
  switch (event) {
    case 'themeChanged':
      return theme(app);
    case 'brandChanged':
      return brand(app);
    case 'buildingChanged':
      return building(app).current ? buildingFacts(building(app).current!) : null;
    case 'languageChanged':
      return { locale: app.getSnapshot().context.locale };
    case 'visibilityChanged':
      return { visible: typeof document === 'undefined' || document.visibilityState === 'visible' };
    case 'kioskReset':
      return null;
  }
}

/** How long the host's wait for the card sheet lasts: a little less than the call's own, so the sheet closes first. */
const CARD_SHEET_WAIT_MS = INTERACTIVE_CALL_MS - 5_000;

/**
 * Opens the host's card sheet for a mini-app and waits for the person: the stored card's id, or USER_CANCELLED when
 * they close it. Not on a lobby kiosk (nothing personal there), and one sheet at a time.
 */
async function newCardFromSheet(app: AppActor, appName: string): Promise<string> {
  if (systemActor(app.system, KIOSK_ID)?.getSnapshot().hasTag('kiosk')) throw refuse('UNAVAILABLE', 'Cards are not added on a lobby screen');
  const sheet = runningActor(app.system, CARD_SHEET_ID);
  const id = `sheet-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  sheet.send({
    type: 'sheet.request',
    request: { id, appName, entry: { locale: app.getSnapshot().context.locale, today: currentMonth(new Date()) } },
  });
  let ended;
  try {
    ended = (await waitFor(sheet, (s) => s.context.outcome?.id === id, { timeout: CARD_SHEET_WAIT_MS })).context.outcome!;
  } catch {
    sheet.send({ type: 'sheet.withdraw', id });
    throw refuse('TIMEOUT', 'No card was entered in time');
  }
  switch (ended.kind) {
    case 'added':
      return ended.cardId;
    case 'cancelled':
      throw refuse('USER_CANCELLED', 'The person closed the card sheet');
    case 'busy':
      throw refuse('UNAVAILABLE', 'A card sheet is open already');
    default:
      throw refuse('UNAVAILABLE', 'The card form could not load');
  }
}

/** The session refreshes its tokens through its own chart (`session.refresh`); the answer says only whether it did. */
async function refreshSession(app: AppActor) {
  const ref = runningActor(app.system, SESSION_ID);
  if (!ref.getSnapshot().matches('signedIn')) throw refuse('UNAVAILABLE', 'Nobody is signed in');
  ref.send({ type: 'session.refresh' });
  const settled = await waitFor(ref, (s) => !s.hasTag('refreshing'));
  return { success: settled.matches('signedIn') };
}

/**
 * The host's part of every action the bridge machine hands to a call (init, subscribe's bookkeeping, unsubscribe,
 * closeWebView and logout are the machine's own). A refusal throws `{code, message}`; any other failure is
 * UNAVAILABLE; the call machine adds the timeout.
 */
export async function performBridgeAction(app: AppActor, { request, app: miniApp }: BridgeCallInput): Promise<unknown> {
  switch (request.action) {
    case 'getJWT': {
      signedInUser(app);
      const issued = await miniAppSession(miniApp.uuid, currentBuildingUuid(app), miniApp.baseUrl);
      // Never the person's own token, whatever a server answers.
      if (!issued?.token || issued.token === session(app).context.token) throw refuse('UNAVAILABLE', 'No token for this mini-app');
      return { token: issued.token, expires_in: issued.expires_in };
    }
    case 'getUser': {
      const user = signedInUser(app);
      return {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        uuid: user.uuid,
        company: { uuid: user.company_uuid ?? null, name: user.company_name ?? null },
      };
    }
    case 'getBuilding':
      signedInUser(app);
      return currentBuilding(app);
    case 'getBuildings':
      signedInUser(app);
      return { buildings: building(app).buildings.map(buildingFacts) };
    case 'getHostInfo':
      return {
        name: BRIDGE_HOST.name,
        version: BRIDGE_HOST.version,
        platform: platform(),
        locale: app.getSnapshot().context.locale,
        kiosk: systemActor(app.system, KIOSK_ID)?.getSnapshot().hasTag('kiosk') ?? false,
      };
    case 'setStorage': {
      signedInUser(app);
      await miniAppStorageSet(miniApp.uuid, currentBuildingUuid(app), stringField(request.data, 'key')!, stringField(request.data, 'value')!);
      return { success: true };
    }
    case 'getStorage': {
      signedInUser(app);
      const key = stringField(request.data, 'key')!;
      return { key, value: await miniAppStorageGet(miniApp.uuid, currentBuildingUuid(app), key) };
    }
    case 'showNativePayment':
      // The specification: a browser has no native payment sheet.
      return { success: false };
    case 'hideNativePayments':
      return true;
    case 'getPaymentMethods': {
      signedInUser(app);
      const cards = await paymentMethods();
      // Masked: brand, last four, expiry, default; never a token, a name or a number.
      return {
        payment_methods: cards.map((c) => ({
          id: c.id,
          card_brand: c.card_brand,
          card_last_four: c.card_last_four,
          exp_month: c.exp_month,
          exp_year: c.exp_year,
          is_default: c.is_default,
        })),
      };
    }
    case 'tokenizeCard': {
      signedInUser(app);
      const given = stringField(request.data, 'card_id');
      if (given) {
        const cards = await paymentMethods();
        if (!cards.some((c) => c.id === given)) throw refuse('INVALID_PARAMS', 'card_id is not one of your cards');
      }
      // No stored card named: the person types a new one into the host's own card sheet (its fields are the card frame's).
      const cardId = given ?? (await newCardFromSheet(app, miniApp.name));
      const tokenized = await tokenizedPaymentMethod(cardId);
      return { token: tokenized.token, card_brand: tokenized.card_brand, card_last_four: tokenized.card_last_four };
    }
    case 'getTheme':
      return theme(app);
    case 'getBrand':
      return brand(app);
    case 'refreshToken':
      return refreshSession(app);
    case 'getKioskEnabled':
      return { enabled: systemActor(app.system, KIOSK_ID)?.getSnapshot().hasTag('kiosk') ?? false };
    case 'subscribe': {
      const { granted, refused } = subscribable((request.data as { events: string[] }).events, miniApp.scopes);
      const current: Record<string, unknown> = {};
      for (const event of granted) current[event] = readEventValue(app, event);
      return { events: granted, refused, current };
    }
    default:
      throw refuse('UNSUPPORTED', `${request.action} is answered by the bridge itself`);
  }
}
