import type { Plugin } from 'vite';

/**
 * @formatjs/intl's `createIntl` (which react-intl's provider calls) asks `Intl.NumberFormat.supportedLocalesOf` and
 * `Intl.DateTimeFormat.supportedLocalesOf` whether the browser has data for the locale, only to report a warning when
 * it has not. The first such question makes the browser build its table of available locales: about 50 ms of main
 * thread on this machine, in the middle of start-up, on a sign-in page that formats no number and no date (decision
 * 064). The app's locales are a fixed list of twelve that the browser test checks Chromium has; the probe is left out
 * of the build. The first formatted date or number, on the screens that show one, pays for the table instead.
 */
export const LOCALE_PROBES = [
  '!Intl.NumberFormat.supportedLocalesOf(locale).length',
  '!Intl.DateTimeFormat.supportedLocalesOf(locale).length',
] as const;

/** `code` without the probes; throws when one is missing, so a new version of the library cannot quietly bring them back. */
export function withoutLocaleProbes(code: string, id = '@formatjs/intl'): string {
  let out = code;
  for (const probe of LOCALE_PROBES) {
    if (!out.includes(probe)) throw new Error(`${id}: the locale probe \`${probe}\` has changed; see scripts/build/intlLocaleProbe.ts`);
    out = out.replaceAll(probe, 'false');
  }
  return out;
}

export function intlWithoutLocaleProbe(): Plugin {
  return {
    name: 'atrium:intl-without-locale-probe',
    apply: 'build',
    transform(code, id) {
      if (!/\/node_modules\/@formatjs\/intl\/index\.js$/.test(id)) return null;
      return { code: withoutLocaleProbes(code, id), map: null };
    },
  };
}
