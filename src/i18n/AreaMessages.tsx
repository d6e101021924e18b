import { use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { loadAreaCatalogue, type Area } from './areas';
import { matchLocale } from './locales';

const cache = new Map<string, Promise<Record<string, string>>>();

/** One promise per areas and locale, so a render that suspends finds the same promise when it resumes. */
function areaMessages(areas: readonly Area[], locale: string) {
  const key = `${areas.join(',')}|${locale}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = Promise.all(areas.map((area) => loadAreaCatalogue(area, matchLocale(locale)))).then((all) => Object.assign({}, ...all));
    cache.set(key, pending);
    // A load that failed (the network, mid-way) is asked again by the next render rather than kept as the answer.
    const failed = pending;
    failed.catch(() => {
      if (cache.get(key) === failed) cache.delete(key);
    });
  }
  return pending;
}

/** Starts loading the messages of `areas` in `locale` ahead of the screen that shows them (a failure waits for it). */
export function preloadAreaMessages(areas: readonly Area[], locale: string): void {
  areaMessages(areas, locale).catch(() => {});
}

/**
 * Lays the messages of `areas` over the core catalogue for everything below it. It suspends while they load
 * (the route's pending view shows), and loads again when the language changes.
 */
export function AreaMessages({ areas, children }: { areas: readonly Area[]; children: ReactNode }) {
  const intl = useIntl();
  const messages = use(areaMessages(areas, intl.locale));
  // Built catalogues hold precompiled syntax trees, source ones strings; react-intl takes either per message.
  return (
    <IntlProvider locale={intl.locale} defaultLocale="en" messages={{ ...intl.messages, ...messages } as Record<string, string>}>
      {children}
    </IntlProvider>
  );
}
