import { useScreen } from '../appContext';
import { AreaScreen } from '../shell/AreaScreen';
import { BookingReceipt } from './BookingReceipt';

/**
 * /building/{b}/bookings/{ownerType}/{ownerUuid}/{resourceUuid}/{bookingUuid}: a booking's receipt and its cancel.
 * The route opens the flow; another booking restarts it.
 */
export function BookingReceiptPage() {
  const receipt = useScreen('bookingReceipt');
  return (
    <AreaScreen areas={['bookings']} ready={!!receipt}>
      {() => <BookingReceipt receipt={receipt!} />}
    </AreaScreen>
  );
}
