import { defineScreen } from '../app/screen.types';
import { currentMonth } from './cardEntry.rules';
import type { CardEntryInput } from './cardEntry.types';

/** The specification's default card country (section 9). */
export const DEFAULT_CARD_COUNTRY = 'US';

/** The card form restarts for another language (the country names and the frame's texts are in it). */
export const cardEntryScreen = defineScreen<Record<string, never>, CardEntryInput>({
  input: (_params, facts) => (facts.user ? { locale: facts.locale, today: currentMonth(new Date()) } : null),
  restartKey: (_params, facts) => facts.locale,
});
