import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { BookingReceiptRef } from '../../../machines/bookings/bookingReceipt.machine';
import type { CancelBookingRef } from '../../../machines/bookings/cancelBooking.machine';
import type { CalendarFileRef } from '../../../machines/bookings/calendarFile.machine';
import { CalendarPlus } from 'lucide-react';
import type { Booking } from '../../../machines/bookings/bookings.types';
import { selectAwaitsApproval, selectReceiptTitle } from '../../../machines/bookings/bookings.selectors';
import { formatEventDate, formatPrice } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { Alert, Card, Heading, Page, Spinner, Text } from '../kit/Layout';
import { Link } from '../kit/Link';
import { ConfirmModal, NoticeModal } from '../kit/Modal';
import { styled } from '../kit/stitches.config';
import { BookingStatusChip } from './BookingStatusChip';

const Article = styled(Card, { maxWidth: 720, padding: 0, overflow: 'clip' });
const Body = styled('div', { padding: '$5', display: 'flex', flexDirection: 'column', gap: '$4' });
const Hero = styled(ImageWithFallback, {
  display: 'block',
  width: '100%',
  height: 'auto',
  maxHeight: 'min(30vh, 240px)',
  aspectRatio: '648 / 300',
  objectFit: 'cover',
  backgroundColor: '$border',
});
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });
const Resource = styled('p', { margin: 0, fontSize: '$4', fontWeight: 600 });
const SectionTitle = styled('h2', { fontSize: '$4', margin: 0 });
const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: '$2 $4',
  margin: 0,
  '& dt': { color: '$muted' },
  '& dd': { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  '@phone': { gridTemplateColumns: 'minmax(0, 1fr)', gap: 0, '& dd': { marginBottom: '$2' } },
});
const Actions = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  padding: '$4 $5',
  borderTop: '1px solid $border',
  '@tablet': { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', '& > button': { width: 'auto' } },
});

/** A booking's receipt: the receipt flow's state (loading, failed, not found, the booking) and its cancel. */
export function BookingReceipt({ receipt }: { receipt: BookingReceiptRef }) {
  const t = useT();
  const loading = useSelector(receipt, (s) => s.hasTag('loading'));
  const failed = useSelector(receipt, (s) => s.hasTag('failed'));
  const notFound = useSelector(receipt, (s) => s.hasTag('notFound'));
  const booking = useSelector(receipt, (s) => s.context.booking);
  return (
    <Page>
      {loading ? <Spinner role="progressbar" aria-label={t('bookings.loading')} /> : null}
      {failed ? (
        <Card role="alert">
          <Heading>{t('bookings.title.default')}</Heading>
          <Text>{t('bookings.failed')}</Text>
          <Button type="button" onClick={() => receipt.send({ type: 'user.retry' })}>
            {t('bookings.retry')}
          </Button>
        </Card>
      ) : null}
      {notFound ? (
        <Card role="alert">
          <Heading>{t('bookings.notFound')}</Heading>
          <Link to="/my-history">{t('bookings.backToHistory')}</Link>
        </Card>
      ) : null}
      {booking ? <ReceiptArticle receipt={receipt} booking={booking} /> : null}
    </Page>
  );
}

function ReceiptArticle({ receipt, booking }: { receipt: BookingReceiptRef; booking: Booking }) {
  const t = useT();
  const locale = useIntl().locale;
  const title = useSelector(receipt, selectReceiptTitle);
  const awaitsApproval = useSelector(receipt, selectAwaitsApproval);
  const reloading = useSelector(receipt, (s) => s.hasTag('reloading'));
  const cancel = useSelector(receipt, (s) => s.children.cancelBooking as CancelBookingRef | undefined);
  const calendar = useSelector(receipt, (s) => s.children.calendarFile as CalendarFileRef | undefined);
  const zone = booking.timezone;
  return (
    <Article as="article" aria-labelledby="receipt-title" aria-busy={reloading || undefined}>
      {booking.resource.image_url ? <Hero src={booking.resource.image_url} alt="" width={648} height={300} /> : null}
      <Body>
        <Link to="/my-history">{t('bookings.backToHistory')}</Link>
        <Title id="receipt-title" data-testid="receipt-title">
          {t(`bookings.title.${title ?? 'default'}`)}
        </Title>
        <Resource>{booking.name}</Resource>
        <span data-testid="receipt-status">
          <BookingStatusChip status={booking.status} />
        </span>
        {awaitsApproval ? (
          <Alert tone="info" role="note" css={{ margin: 0 }} data-testid="approval-note">
            {t('bookings.approvalNote')}
          </Alert>
        ) : null}
        <Facts>
          <dt>{t('bookings.when')}</dt>
          <dd>{formatEventDate(booking.start_at, booking.end_at, locale, zone)}</dd>
          <dt>{t('bookings.duration')}</dt>
          <dd data-testid="receipt-duration">{duration(t, booking.bookingDuration)}</dd>
          <dt>{t('bookings.price')}</dt>
          <dd>{booking.total_price > 0 ? formatPrice(booking.total_price, booking.currency_type, locale) : t('bookings.free')}</dd>
          <dt>{t('bookings.reference')}</dt>
          <dd>{booking.uuid.slice(0, 8).toUpperCase()}</dd>
        </Facts>
        {booking.form_responses.length > 0 ? (
          <section aria-labelledby="receipt-answers">
            <SectionTitle id="receipt-answers" css={{ marginBottom: '$3' }}>
              {t('bookings.answers')}
            </SectionTitle>
            <Facts data-testid="form-responses">
              {booking.form_responses.map((response, i) => (
                <FormResponse key={i} question={response.question} answer={response.answer} yesNo={response.type === 'Yes/No'} />
              ))}
            </Facts>
          </section>
        ) : null}
        {calendar ? <AddToCalendar actor={calendar} /> : null}
        {cancel ? <CancellationPolicy actor={cancel} booking={booking} /> : null}
      </Body>
      {cancel ? <CancelBooking actor={cancel} booking={booking} /> : null}
    </Article>
  );
}

/** "Add to calendar": the booking's calendar file, downloaded; a failure says so beside the button, which tries again. */
function AddToCalendar({ actor }: { actor: CalendarFileRef }) {
  const t = useT();
  const busy = useSelector(actor, (s) => s.hasTag('calendar:busy'));
  const failed = useSelector(actor, (s) => s.hasTag('calendar:failed'));
  return (
    <div>
      <Button
        type="button"
        variant="secondary"
        width="auto"
        busy={busy}
        icon={<CalendarPlus size={18} aria-hidden="true" focusable="false" />}
        onClick={() => actor.send({ type: 'user.addToCalendar' })}
        data-testid="add-to-calendar"
      >
        {busy ? t('bookings.calendar.busy') : t('bookings.calendar.add')}
      </Button>
      {failed ? (
        <Alert role="alert" css={{ margin: '$2 0 0' }} data-testid="calendar-failed">
          {t('bookings.calendar.failed')}
        </Alert>
      ) : null}
    </div>
  );
}

function FormResponse({ question, answer, yesNo }: { question: string; answer: string; yesNo: boolean }) {
  const t = useT();
  const shown = yesNo && /^yes$/i.test(answer) ? t('bookings.answer.yes') : yesNo && /^no$/i.test(answer) ? t('bookings.answer.no') : answer;
  return (
    <>
      <dt>{question}</dt>
      <dd>{shown}</dd>
    </>
  );
}

const duration = (t: ReturnType<typeof useT>, total: number) => {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('bookings.duration.minutes', { minutes });
  if (minutes === 0) return t('bookings.duration.hours', { hours });
  return t('bookings.duration.hoursMinutes', { hours, minutes });
};

/**
 * The booking's cancellation policy (the resource's words and the app's deadline), shown only while the cancel flow
 * offers a cancel: not once the window has closed, nor on a cancelled or denied booking.
 */
function CancellationPolicy({
  actor,
  booking,
}: {
  actor: CancelBookingRef;
  booking: Pick<Booking, 'cancellation_description' | 'cancellation_deadline' | 'timezone'>;
}) {
  const t = useT();
  const locale = useIntl().locale;
  const offered = useSelector(actor, (s) => s.hasTag('cancel:offered'));
  if (!offered) return null;
  return (
    <section aria-labelledby="receipt-cancellation" data-testid="cancellation-policy">
      <SectionTitle id="receipt-cancellation" css={{ marginBottom: '$2' }}>
        {t('bookings.cancellation')}
      </SectionTitle>
      {booking.cancellation_description ? <Text css={{ margin: '0 0 $2' }}>{booking.cancellation_description}</Text> : null}
      <Text css={{ margin: 0 }} data-testid="cancellation-deadline">
        {t('bookings.cancellationDeadline', { deadline: formatEventDate(booking.cancellation_deadline, null, locale, booking.timezone) })}
      </Text>
    </section>
  );
}

/** Focus moves to the cancel's confirmation when it shows: the button that had it is gone, and it is read out. */
const focusOnShow = (element: HTMLElement | null) => element?.focus();

/**
 * The cancel of a booking: the cancel flow's state. The button is there while the booking is open; it is disabled
 * when the flow takes no cancel (`state.can`), which after the window says `you_can_no_longer_cancel`. Once a cancel
 * succeeds, its confirmation takes the button's place (a status, so it is announced, and focused).
 */
export function CancelBooking({ actor, booking }: { actor: CancelBookingRef; booking: Pick<Booking, 'name' | 'start_at' | 'end_at' | 'timezone'> }) {
  const t = useT();
  const locale = useIntl().locale;
  const offered = useSelector(actor, (s) => s.hasTag('cancel:offered'));
  const tooLate = useSelector(actor, (s) => s.hasTag('cancel:tooLate'));
  const busy = useSelector(actor, (s) => s.hasTag('cancel:busy'));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const confirming = useSelector(actor, (s) => s.hasTag('modal:confirmCancel'));
  const failed = useSelector(actor, (s) => s.hasTag('modal:bookingError'));
  const done = useSelector(actor, (s) => s.hasTag('cancel:done'));
  if (done)
    return (
      <Actions role="group" aria-label={t('bookings.cancellation')}>
        <Alert tone="info" role="status" tabIndex={-1} ref={focusOnShow} css={{ margin: 0, width: '100%' }} data-testid="cancel-done">
          {t('bookings.cancel.done')}
        </Alert>
      </Actions>
    );
  if (!offered && !tooLate) return null;
  return (
    <Actions role="group" aria-label={t('bookings.cancellation')}>
      {tooLate ? (
        <Text role="status" css={{ margin: 0 }} data-testid="cancel-too-late">
          {t('bookings.cancel.tooLate')}
        </Text>
      ) : null}
      <Button type="button" variant="secondary" disabled={!canCancel} busy={busy} onClick={() => actor.send({ type: 'user.cancel' })}>
        {t('bookings.cancel.button')}
      </Button>
      {confirming ? (
        <ConfirmModal
          title={t('bookings.cancel.confirmTitle')}
          confirmLabel={t('bookings.cancel.confirm')}
          dismissLabel={t('bookings.cancel.keep')}
          onConfirm={() => actor.send({ type: 'user.confirm' })}
          onDismiss={() => actor.send({ type: 'user.dismiss' })}
        >
          <Text css={{ margin: 0 }}>
            {t('bookings.cancel.confirmText', {
              name: booking.name,
              when: formatEventDate(booking.start_at, booking.end_at, locale, booking.timezone),
            })}
          </Text>
        </ConfirmModal>
      ) : null}
      {failed ? (
        <NoticeModal
          title={t('bookings.cancel.errorTitle')}
          buttonLabel={t('bookings.cancel.okay')}
          onClose={() => actor.send({ type: 'user.close' })}
        >
          <Text css={{ margin: 0 }}>{t('bookings.cancel.errorText')}</Text>
        </NoticeModal>
      ) : null}
    </Actions>
  );
}
