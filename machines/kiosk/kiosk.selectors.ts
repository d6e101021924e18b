/**
 * What views ask the kiosk actor. A lobby screen is shared by passers-by: it shows the building, never the person
 * signed in on it (no name, no avatar, no account menu, no RSVP or claim). Views read these instead of testing
 * the kiosk state themselves, so the rule lives here once.
 */
interface KioskSnapshotLike {
  hasTag(tag: 'kiosk'): boolean;
}

/** The kiosk (lobby) header shows instead of the app header. */
export const isLobby = (snapshot: KioskSnapshotLike) => snapshot.hasTag('kiosk');

/** The person's name, avatar, account menu and own actions may show. */
export const showsPersonal = (snapshot: KioskSnapshotLike) => !snapshot.hasTag('kiosk');

/** The relative luminance of a #rgb or #rrggbb colour (WCAG 2), or null for anything else. */
export function luminance(colour: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The logo for the kiosk bar, whose background is the brand colour and whose text colour (`onPrimary`) was chosen
 * to contrast with it: light text means a dark bar, so the logo drawn for dark bars (light marks); dark text means a
 * light bar, so the ordinary logo. Null when the brand has no such logo: the bar then writes the brand's name in
 * its text colour, which contrasts by construction (decision 080).
 */
export function lobbyLogo(brand: { logoUrl: string | null; logoDarkUrl: string | null }, onPrimary: string | null): string | null {
  const text = luminance(onPrimary ?? '#FFFFFF') ?? 1;
  return text > 0.5 ? brand.logoDarkUrl : brand.logoUrl;
}
