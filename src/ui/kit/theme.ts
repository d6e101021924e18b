/**
 * The page's look at run time. Stitches turns every token into a CSS variable (`--colors-primary` ...); the brand
 * and then the building override those variables, so every styled component follows without re-rendering.
 */
export interface Look {
  primary?: string | null;
  secondary?: string | null;
  onPrimary?: string | null;
  font?: string | null;
}

const VARIABLES: Record<keyof Look, string> = {
  primary: '--colors-primary',
  secondary: '--colors-secondary',
  onPrimary: '--colors-onPrimary',
  font: '--fonts-body',
};

let brandLook: Look = {};

function apply(look: Look) {
  if (typeof document === 'undefined') return;
  const style = document.documentElement.style;
  for (const [key, variable] of Object.entries(VARIABLES) as [keyof Look, string][]) {
    const value = look[key];
    if (!value) style.removeProperty(variable);
    else style.setProperty(variable, key === 'font' ? `"${value}", system-ui, sans-serif` : value);
  }
}

/** The brand's look: the base every building starts from. */
export function applyBrandLook(look: Look) {
  brandLook = look;
  apply(brandLook);
}

/** A building's theme over the brand's look; null goes back to the brand's. */
export function applyBuildingLook(look: Look | null) {
  apply(look ? { ...brandLook, ...Object.fromEntries(Object.entries(look).filter(([, v]) => v)) } : brandLook);
}

/** The tab's icon and title. */
export function applyPageIdentity({ title, iconUrl }: { title: string; iconUrl?: string | null }) {
  if (typeof document === 'undefined') return;
  document.title = title;
  if (!iconUrl) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = iconUrl;
}
