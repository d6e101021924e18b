import { useIntl } from 'react-intl';
import type { MessageId } from './locales';
import type { AreaMessageId } from './areas';

/** Translates a catalogue id (core, or of an area the screen loaded with AreaMessages) with optional ICU values: `t('auth.step', { current: 1, total: 5 })`. */
export function useT() {
  const intl = useIntl();
  return (id: MessageId | AreaMessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}
