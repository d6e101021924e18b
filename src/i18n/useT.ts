import { useIntl } from 'react-intl';
import type { MessageId } from './locales';

/** Translates a catalogue id with optional ICU values: `t('auth.step', { current: 1, total: 5 })`. */
export function useT() {
  const intl = useIntl();
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}
