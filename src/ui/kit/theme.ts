import type { Look, SchemeRoles } from '../../../contracts/brandRoles';

export type { Look };

/**
 * The page's look at run time. Stitches turns every token into a CSS variable (`--colors-primary` ...); the brand and
 * then the building set the brand roles behind them for both schemes (`--light-primary`, `--dark-primary` ...), and the
 * style sheet picks one set by the scheme (stitches.config.ts), so components follow without re-rendering and a change
 * of scheme needs no script.
 */
let brandLook: Look = {};
let brandRoles: SchemeRoles | null = null;
let buildingLook: Look | null = null;
let latest = 0;

function setRoles(roles: SchemeRoles, font: string | null | undefined) {
  const style = document.documentElement.style;
  for (const [scheme, set] of Object.entries(roles)) for (const [role, value] of Object.entries(set)) style.setProperty(`--${scheme}-${role}`, value);
  if (font) style.setProperty('--fonts-body', `"${font}", system-ui, sans-serif`);
  else style.removeProperty('--fonts-body');
}

function apply() {
  if (typeof document === 'undefined') return;
  const look = buildingLook ? { ...brandLook, ...Object.fromEntries(Object.entries(buildingLook).filter(([, v]) => v)) } : brandLook;
  // The page's brand comes with its roles worked out by the server; anything else is worked out here, with the
  // contrast code loaded then (it stays out of the first load of /login).
  if (!buildingLook && brandRoles) return setRoles(brandRoles, look.font);
  const call = ++latest;
  void import('../../../contracts/brandRoles').then(({ schemeRoles }) => {
    if (call === latest) setRoles(schemeRoles(look), look.font);
  });
}

/** The brand's look (the base every building starts from), with its roles when the page brought them. */
export function applyBrandLook(look: Look, roles?: SchemeRoles | null) {
  brandLook = look;
  brandRoles = roles ?? null;
  latest++;
  apply();
}

/** A building's theme over the brand's look; null goes back to the brand's. */
export function applyBuildingLook(look: Look | null) {
  buildingLook = look;
  latest++;
  apply();
}

/** The brand's name and the screen's heading, which the tab's title joins: "Your bookings · Harbor". */
let brandTitle = 'Atrium';
let screenTitle: string | null = null;
function applyTitle() {
  document.title = screenTitle && screenTitle !== brandTitle ? `${screenTitle} · ${brandTitle}` : brandTitle;
}

/** The screen's own name in the tab's title (its main heading; null: the brand's name alone). */
export function applyScreenTitle(title: string | null) {
  if (typeof document === 'undefined') return;
  const clean = title?.replace(/\s+/g, ' ').trim().slice(0, 80) || null;
  if (clean === screenTitle) return;
  screenTitle = clean;
  applyTitle();
}

/** The tab's icon and the brand's part of its title. */
export function applyPageIdentity({ title, iconUrl }: { title: string; iconUrl?: string | null }) {
  if (typeof document === 'undefined') return;
  brandTitle = title;
  applyTitle();
  if (!iconUrl) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  // The page the server wrote names the brand's icon already: the same address again would be asked for again.
  if (link.getAttribute('href') !== iconUrl) link.href = iconUrl;
}
