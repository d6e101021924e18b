import { matchLocale, type Locale } from '../../../contracts/locales';
import en from './messages/en.json';
import deDE from './messages/de-DE.json';
import esES from './messages/es-ES.json';
import frCA from './messages/fr-CA.json';
import frFR from './messages/fr-FR.json';
import itIT from './messages/it-IT.json';
import nbNO from './messages/nb-NO.json';
import nlNL from './messages/nl-NL.json';
import plPL from './messages/pl-PL.json';
import ptPT from './messages/pt-PT.json';

export type VisitorsMessageId = keyof typeof en;
export type VisitorsCatalogue = Record<VisitorsMessageId, string>;

/**
 * The mini-app's own catalogues, every one in its bundle (about 60 short texts each: one file and no second request
 * beats a chunk per language here). Regional English is the English one.
 */
export const VISITORS_CATALOGUES: Record<string, VisitorsCatalogue> = {
  en,
  'de-DE': deDE,
  'es-ES': esES,
  'fr-CA': frCA,
  'fr-FR': frFR,
  'it-IT': itIT,
  'nb-NO': nbNO,
  'nl-NL': nlNL,
  'pl-PL': plPL,
  'pt-PT': ptPT,
};

/** The locale the host names, as one of the app's, and its messages over the English ones. */
export function visitorsMessages(requested: string): { locale: Locale; messages: VisitorsCatalogue } {
  const locale = matchLocale(requested);
  return { locale, messages: { ...en, ...(VISITORS_CATALOGUES[locale] ?? {}) } };
}
