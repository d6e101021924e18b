/**
 * The third-party analytics tag (section 7): a `<script async data-atrium-analytics>` in <head>, there only while
 * the person consents (machines/analytics/analyticsConsent.machine.ts) and only when the deployment configures a tag
 * URL (ANALYTICS_TAG_URL, `analyticsTagUrl` in /config.json). Consent may be resumed before /config.json is read, so
 * the wish and the URL are kept apart and the tag is added once both are known.
 */
export const ANALYTICS_TAG_ATTRIBUTE = 'data-atrium-analytics';

/** Globals the app sets for the tag; removed with it. (None yet: a vendor that needs a queue adds it here.) */
const OWN_GLOBALS: string[] = [];

let tagUrl: string | null = null;
let wanted = false;

const tagElement = () => (typeof document === 'undefined' ? null : document.head.querySelector(`script[${ANALYTICS_TAG_ATTRIBUTE}]`));

function sync() {
  if (typeof document === 'undefined') return;
  const present = tagElement();
  if (wanted && tagUrl) {
    if (present?.getAttribute('src') === tagUrl) return;
    present?.remove();
    const script = document.createElement('script');
    script.async = true;
    script.src = tagUrl;
    script.setAttribute(ANALYTICS_TAG_ATTRIBUTE, '');
    document.head.appendChild(script);
    return;
  }
  present?.remove();
}

/** The configured tag URL (null: analytics tag off for this deployment). */
export function configureAnalyticsTag(url: string | null) {
  tagUrl = url || null;
  sync();
}

/** Consent given: the tag goes on the page (at once, or once the URL is known). */
export function addAnalyticsTag() {
  wanted = true;
  sync();
}

/** Consent withdrawn: the tag and anything set for it go. */
export function removeAnalyticsTag() {
  wanted = false;
  sync();
  if (typeof window !== 'undefined') for (const name of OWN_GLOBALS) delete (window as unknown as Record<string, unknown>)[name];
}
