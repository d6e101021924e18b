import { statusWord, type StatusWord } from '../../../machines/bookings/bookings.rules';
import { useT } from '../../i18n/useT';
import { Chip, type ChipTone } from '../kit/Chip';

const TONES: Record<StatusWord, ChipTone> = {
  pending: 'warning',
  submitted: 'warning',
  accepted: 'success',
  denied: 'danger',
  cancelled: 'neutral',
};

/** The tone of a status in any of the API's vocabularies: waiting ones warn, a denial is danger (unknown: neutral). */
export const statusTone = (status: string): ChipTone => {
  const word = statusWord(status);
  return word ? TONES[word] : 'neutral';
};

/**
 * A booking's or a booked service's status as every screen shows it (the history's rows, the receipt): its word of the
 * one display vocabulary (`bookings.status.*`, so a screen that shows one needs the bookings area's messages) and its
 * tone. A status the app does not know shows as itself.
 */
export function BookingStatusChip({ status }: { /** The status as the API answers it, in any of its vocabularies. */ status: string }) {
  const t = useT();
  const word = statusWord(status);
  return <Chip tone={statusTone(status)}>{word ? t(`bookings.status.${word}`) : status}</Chip>;
}
