import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { CalendarCheck, CalendarClock, CalendarX2, Clock } from 'lucide-react';
import type { BookResourceRef } from '../../../machines/bookings/bookResource.machine';
import { receiptPath } from '../../../machines/bookings/bookings.rules';
import { groupByDayPart, timeErrors, type StartChoice } from '../../../machines/bookings/bookResource.rules';
import { selectEnd, selectLengths, selectStarts } from '../../../machines/bookings/bookResource.selectors';
import type { FieldError, Resource, ResourceQuestion, TypedAnswer } from '../../../machines/bookings/bookResource.types';
import { useScreen } from '../appContext';
import { formatEventDate, formatPrice, formatTime } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Chip, ChipList } from '../kit/Chip';
import { FieldError as FieldErrorText, TextField } from '../kit/Field';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { Alert, Card, PageContainer, Text } from '../kit/Layout';
import { Link, VisuallyHidden } from '../kit/Link';
import { RadioGroup } from '../kit/RadioGroup';
import { Skeleton } from '../kit/Skeleton';
import { EmptyState, ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';
import { AreaScreen, useScreenBuilding } from '../shell/AreaScreen';
import { KIND_ICONS, ResourceFacts } from './BookableResourcesPage';

type T = ReturnType<typeof useT>;

const Layout = styled('div', {
  display: 'grid',
  gap: '$5',
  alignItems: 'start',
  '@desktop': { gridTemplateColumns: 'minmax(0, 360px) minmax(0, 1fr)' },
});
const Summary = styled(Card, {
  maxWidth: 'none',
  padding: 0,
  overflow: 'clip',
  display: 'flex',
  flexDirection: 'column',
  '@desktop': { position: 'sticky', top: '$5' },
});
const Hero = styled(ImageWithFallback, {
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  maxHeight: 220,
  objectFit: 'cover',
  backgroundColor: '$border',
});
const SummaryBody = styled('div', { padding: '$4 $5 $5', display: 'flex', flexDirection: 'column', gap: '$3', '@phone': { padding: '$4' } });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0, overflowWrap: 'anywhere', '@phone': { fontSize: '$5' } });
const Description = styled('p', { margin: 0, overflowWrap: 'anywhere' });
const Steps = styled(Card, {
  maxWidth: 'none',
  padding: '$5',
  display: 'flex',
  flexDirection: 'column',
  gap: '$5',
  minWidth: 0,
  '@phone': { padding: '$4' },
});
const Step = styled('section', { display: 'flex', flexDirection: 'column', gap: '$3', minWidth: 0 });
const StepTitle = styled('h2', { fontSize: '$4', margin: 0 });
const StepHead = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '$1 $3' });
const ZoneNote = styled('p', { margin: 0, color: '$muted', fontSize: '$2' });

/** The building's time zone as the person's language names it briefly (EST, MEZ, UTC−5). */
const zoneName = (locale: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ??
  timeZone;
const Row = styled('div', { display: 'flex', gap: '$2', overflowX: 'auto', padding: '2px', margin: '-2px', scrollbarWidth: 'thin' });
const Choice = styled('button', {
  appearance: 'none',
  flexShrink: 0,
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 2,
  minHeight: 44,
  minWidth: 64,
  padding: '$2 $3',
  borderRadius: '$2',
  border: '1px solid $control',
  backgroundColor: '$surface',
  color: '$text',
  fontSize: '$2',
  fontWeight: 600,
  cursor: 'pointer',
  '&[aria-pressed="true"]': { backgroundColor: '$primary', borderColor: '$primary', color: '$onPrimary' },
  '&:focus-visible': { outline: '2px solid $primary', outlineOffset: 2 },
  '&:disabled': {
    cursor: 'not-allowed',
    backgroundColor: '$neutralSoft',
    borderColor: '$neutralSoft',
    color: '$muted',
    textDecoration: 'line-through',
  },
  variants: {
    inRange: { true: { '&[aria-pressed="false"]': { backgroundColor: '$neutralSoft', borderColor: '$primary', color: '$text' } } },
  },
});
const DayName = styled('span', { fontSize: '$1', fontWeight: 500, textTransform: 'uppercase', letterSpacing: '0.04em' });
const DayNumber = styled('span', { fontSize: '$4', fontWeight: 700, lineHeight: 1 });
const Part = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2' });
const PartTitle = styled('h3', { fontSize: '$2', fontWeight: 600, color: '$muted', margin: 0 });
const SlotGrid = styled('div', {
  display: 'grid',
  gap: '$2',
  gridTemplateColumns: 'repeat(auto-fill, minmax(76px, 1fr))',
  // "10:30 AM" on one line in a third of a phone's width.
  '& > button': { paddingInline: '$1', whiteSpace: 'nowrap' },
});
const Legend = styled('p', { margin: 0, display: 'flex', flexWrap: 'wrap', gap: '$1 $4', color: '$muted', fontSize: '$1' });
const Swatch = styled('span', {
  display: 'inline-block',
  width: 12,
  height: 12,
  borderRadius: 3,
  marginInlineEnd: '$1',
  verticalAlign: '-1px',
  variants: {
    kind: {
      free: { border: '1px solid $control', backgroundColor: '$surface' },
      taken: { backgroundColor: '$neutralSoft', border: '1px solid $border' },
      chosen: { backgroundColor: '$primary' },
    },
  },
});
const ConfirmBar = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  borderTop: '1px solid $border',
  paddingTop: '$4',
  // On a phone the summary and Confirm stay in reach above the tab bar while the slots and questions scroll.
  '@sheet': {
    position: 'sticky',
    bottom: 'var(--tab-bar-space, 0px)',
    margin: '0 -$4 -$4',
    padding: '$3 $4',
    backgroundColor: '$surface',
    boxShadow: '0 -6px 16px rgba(0,0,0,0.08)',
    zIndex: 1,
  },
});
const Chosen = styled('p', { margin: 0, fontWeight: 600, display: 'flex', alignItems: 'center', gap: '$2', minWidth: 0, overflowWrap: 'anywhere' });
const Receipt = styled(Card, {
  maxWidth: 640,
  padding: '$6 $5',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  alignItems: 'flex-start',
});
const ReceiptIcon = styled('div', {
  width: 56,
  height: 56,
  borderRadius: '$round',
  display: 'grid',
  placeItems: 'center',
  variants: {
    tone: { success: { backgroundColor: '$successSoft', color: '$success' }, pending: { backgroundColor: '$warningSoft', color: '$warning' } },
  },
});
const ReceiptActions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3 $5', alignItems: 'center' });

/** /building/{uuid}/book/{resourceUuid}: booking one resource, then its receipt. */
export function BookResourcePage() {
  const buildingUuid = useScreenBuilding();
  const flow = useScreen('bookResource');
  return (
    <AreaScreen areas={['bookings', 'shell']} ready={!!buildingUuid && !!flow}>
      {() => <BookResourceScreen actor={flow!} />}
    </AreaScreen>
  );
}

/** The booking screen as its flow's state says: loading, failed, not found, choosing, or the receipt. */
export function BookResourceScreen({ actor }: { actor: BookResourceRef }) {
  const t = useT();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const notFound = useSelector(actor, (s) => s.hasTag('notFound'));
  const booked = useSelector(actor, (s) => s.hasTag('booked'));
  const resource = useSelector(actor, (s) => s.context.resource);
  const buildingUuid = useSelector(actor, (s) => s.context.buildingUuid);
  return (
    <PageContainer>
      {loading ? (
        <Layout aria-busy="true" aria-label={t('book.resource.loading')} data-testid="book-resource-loading">
          <Skeleton css={{ height: 280 }} />
          <Skeleton css={{ height: 360 }} />
        </Layout>
      ) : null}
      {failed ? (
        <>
          <VisuallyHidden as="h1">{t('book.title')}</VisuallyHidden>
          <ErrorState
            icon={CalendarX2}
            title={t('book.resource.failed')}
            action={
              <Button type="button" width="auto" onClick={() => actor.send({ type: 'user.retry' })}>
                {t('bookings.retry')}
              </Button>
            }
          />
        </>
      ) : null}
      {notFound ? (
        <>
          <VisuallyHidden as="h1">{t('book.title')}</VisuallyHidden>
          <EmptyState
            icon={CalendarX2}
            title={t('book.resource.notFound')}
            action={
              <Link to="/building/$buildingUuid/book" params={{ buildingUuid }}>
                {t('book.backToList')}
              </Link>
            }
          />
        </>
      ) : null}
      {booked ? <BookedReceipt actor={actor} /> : resource && !loading ? <Booking actor={actor} resource={resource} /> : null}
    </PageContainer>
  );
}

function Booking({ actor, resource }: { actor: BookResourceRef; resource: Resource }) {
  return (
    <Layout>
      <ResourceSummary resource={resource} />
      <Steps as="div" data-testid="book-steps">
        <DayPicker actor={actor} timeZone={resource.timezone} />
        <TimePicker actor={actor} timeZone={resource.timezone} />
        <LengthPicker actor={actor} />
        {resource.questions.length ? <Questions actor={actor} questions={resource.questions} /> : null}
        <Confirm actor={actor} resource={resource} />
      </Steps>
    </Layout>
  );
}

function ResourceSummary({ resource }: { resource: Resource }) {
  const t = useT();
  const { locale } = useIntl();
  const Icon = KIND_ICONS[resource.kind];
  return (
    <Summary as="section" aria-labelledby="book-resource-title" data-testid="book-summary">
      <Hero src={resource.image_url} alt="" width={640} height={360} />
      <SummaryBody>
        <ChipList>
          <Chip icon={<Icon aria-hidden="true" focusable="false" />}>{t(`book.kind.${resource.kind}`)}</Chip>
          {resource.requires_approval ? <Chip tone="warning">{t('book.needsApproval')}</Chip> : null}
          <Chip tone="info">
            {resource.price > 0 ? t('book.pricePerHour', { price: formatPrice(resource.price, resource.currency_type, locale) }) : t('bookings.free')}
          </Chip>
        </ChipList>
        <Title id="book-resource-title">{resource.name}</Title>
        <ResourceFacts resource={resource} />
        {resource.description ? <Description>{resource.description}</Description> : null}
        {resource.equipment.length ? (
          <ChipList aria-label={t('book.equipment')}>
            {resource.equipment.map((item) => (
              <Chip key={item} tone="info">
                {item}
              </Chip>
            ))}
          </ChipList>
        ) : null}
        {resource.requires_approval ? <Text css={{ margin: 0, fontSize: '$2' }}>{t('book.approvalNote')}</Text> : null}
      </SummaryBody>
    </Summary>
  );
}

const dayDate = (date: string) => new Date(`${date}T12:00:00Z`);

function DayPicker({ actor, timeZone }: { actor: BookResourceRef; timeZone: string }) {
  const t = useT();
  const { locale } = useIntl();
  const days = useSelector(actor, (s) => s.context.days);
  const today = useSelector(actor, (s) => s.context.today);
  const date = useSelector(actor, (s) => s.context.date);
  const canPick = useSelector(actor, (s) => s.hasTag('choosing') || s.hasTag('day:failed'));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <Step aria-labelledby="book-day">
      <StepTitle id="book-day">{t('book.day')}</StepTitle>
      <Row role="group" aria-labelledby="book-day" data-testid="book-days" data-zone={timeZone}>
        {days.map((day) => (
          <Choice
            key={day}
            type="button"
            aria-pressed={day === date}
            aria-label={day === today ? `${t('book.today')}, ${full.format(dayDate(day))}` : full.format(dayDate(day))}
            disabled={!canPick && day !== date}
            onClick={() => day !== date && actor.send({ type: 'user.pickDay', date: day })}
          >
            <DayName>{day === today ? t('book.today') : weekday.format(dayDate(day))}</DayName>
            <DayNumber>{dayDate(day).getUTCDate()}</DayNumber>
          </Choice>
        ))}
      </Row>
    </Step>
  );
}

function TimePicker({ actor, timeZone }: { actor: BookResourceRef; timeZone: string }) {
  const t = useT();
  const { locale } = useIntl();
  const dayLoading = useSelector(actor, (s) => s.hasTag('day:loading'));
  const dayFailed = useSelector(actor, (s) => s.hasTag('day:failed'));
  const choosing = useSelector(actor, (s) => s.hasTag('choosing'));
  const starts = useSelector(actor, selectStarts);
  const start = useSelector(actor, (s) => s.context.start);
  const end = useSelector(actor, selectEnd);
  const errors = useSelector(actor, (s) => timeErrors(s.context.fieldErrors));
  const inRange = (choice: StartChoice) => !!start && !!end && choice.start_at > start && Date.parse(choice.start_at) < Date.parse(end);
  const groups = groupByDayPart(timeZone, starts);
  return (
    <Step aria-labelledby="book-time" aria-busy={dayLoading || undefined}>
      <StepHead>
        <StepTitle id="book-time">{t('book.time')}</StepTitle>
        <ZoneNote>{t('book.zone', { zone: zoneName(locale, timeZone) })}</ZoneNote>
      </StepHead>
      {dayLoading ? <Skeleton css={{ height: 96 }} aria-label={t('book.dayLoading')} data-testid="book-day-loading" /> : null}
      {dayFailed ? (
        <Alert tone="error" role="alert" css={{ margin: 0 }}>
          {t('book.dayFailed')}{' '}
          <Button type="button" variant="link" onClick={() => actor.send({ type: 'user.retry' })}>
            {t('bookings.retry')}
          </Button>
        </Alert>
      ) : null}
      {!dayLoading && !dayFailed && starts.length > 0 && !starts.some((c) => c.bookable) ? (
        <Text css={{ margin: 0 }}>{t('book.noTimes')}</Text>
      ) : null}
      {!dayLoading && !dayFailed && starts.length === 0 ? <Text css={{ margin: 0 }}>{t('book.closed')}</Text> : null}
      {!dayLoading && groups.length ? (
        <>
          {groups.map((group) => (
            <Part key={group.part} role="group" aria-labelledby={`book-part-${group.part}`}>
              <PartTitle id={`book-part-${group.part}`}>{t(`book.part.${group.part}`)}</PartTitle>
              <SlotGrid data-testid={`book-slots-${group.part}`}>
                {group.choices.map((choice) => {
                  const time = formatTime(choice.start_at, locale, timeZone, { zoneName: false });
                  return (
                    <Choice
                      key={choice.start_at}
                      type="button"
                      aria-pressed={choice.start_at === start}
                      inRange={inRange(choice)}
                      disabled={!choice.bookable || !choosing}
                      aria-label={t(`book.slot.${choice.bookable ? 'free' : choice.status === 'past' ? 'past' : 'taken'}`, { time })}
                      data-slot={choice.bookable ? 'free' : 'taken'}
                      data-start={choice.start_at}
                      onClick={() => actor.send({ type: 'user.pickSlot', start: choice.start_at })}
                    >
                      {time}
                    </Choice>
                  );
                })}
              </SlotGrid>
            </Part>
          ))}
          <Legend aria-hidden="true">
            <span>
              <Swatch kind="free" />
              {t('book.legend.free')}
            </span>
            <span>
              <Swatch kind="taken" />
              {t('book.legend.taken')}
            </span>
            <span>
              <Swatch kind="chosen" />
              {t('book.legend.chosen')}
            </span>
          </Legend>
        </>
      ) : null}
      {errors.map((error, i) => (
        <FieldErrorText key={i} role="alert">
          {timeErrorText(t, error)}
        </FieldErrorText>
      ))}
    </Step>
  );
}

const timeErrorText = (t: T, error: FieldError) => (error.code === 'choose_time' ? t('book.error.chooseTime') : t('book.error.time'));

/** "1 h 30 min" in the person's language. */
export function lengthText(t: T, minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('bookings.duration.minutes', { minutes: rest });
  if (rest === 0) return t('bookings.duration.hours', { hours });
  return t('bookings.duration.hoursMinutes', { hours, minutes: rest });
}

function LengthPicker({ actor }: { actor: BookResourceRef }) {
  const t = useT();
  const lengths = useSelector(actor, selectLengths);
  const minutes = useSelector(actor, (s) => s.context.minutes);
  const choosing = useSelector(actor, (s) => s.hasTag('choosing'));
  if (lengths.length < 2) return null;
  return (
    <Step aria-labelledby="book-length">
      <StepTitle id="book-length">{t('book.length')}</StepTitle>
      <Row role="group" aria-labelledby="book-length" css={{ flexWrap: 'wrap' }} data-testid="book-lengths">
        {lengths.map((length) => (
          <Choice
            key={length}
            type="button"
            aria-pressed={length === minutes}
            disabled={!choosing}
            onClick={() => actor.send({ type: 'user.pickLength', minutes: length })}
          >
            {lengthText(t, length)}
          </Choice>
        ))}
      </Row>
    </Step>
  );
}

function answerErrorText(t: T, question: ResourceQuestion, error: FieldError | undefined) {
  if (!error) return undefined;
  if (error.code === 'missing_answer') return t('book.error.missing');
  if (error.code === 'answer_too_long') return t('book.error.tooLong', { max: question.max_length ?? 500 });
  if (question.type === 'number' && question.min !== undefined && question.max !== undefined)
    return t('book.error.numberRange', { min: question.min, max: question.max });
  if (question.type === 'number') return t('book.error.number');
  return error.message || t('book.error.invalid');
}

function Questions({ actor, questions }: { actor: BookResourceRef; questions: readonly ResourceQuestion[] }) {
  const t = useT();
  const answers = useSelector(actor, (s) => s.context.answers);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const send = (id: string, value: TypedAnswer) => actor.send({ type: 'user.answer', id, value });
  return (
    <Step aria-labelledby="book-questions">
      <StepTitle id="book-questions">{t('book.questions')}</StepTitle>
      {questions.map((q) => {
        const label = q.required ? q.label : `${q.label} ${t('book.optional')}`;
        const error = answerErrorText(t, q, errors[`answers.${q.id}`]);
        if (q.type === 'yes_no') {
          const value = answers[q.id];
          return (
            <div key={q.id} data-question={q.id}>
              <RadioGroup
                label={label}
                value={value === true ? 'yes' : value === false ? 'no' : ''}
                options={[
                  { value: 'yes', label: t('bookings.answer.yes') },
                  { value: 'no', label: t('bookings.answer.no') },
                ]}
                onValueChange={(v) => send(q.id, v === 'yes')}
              />
              {error ? (
                <FieldErrorText role="alert" css={{ marginTop: '-$3' }}>
                  {error}
                </FieldErrorText>
              ) : null}
            </div>
          );
        }
        return (
          <div key={q.id} data-question={q.id}>
            <TextField
              label={label}
              value={String(answers[q.id] ?? '')}
              onValueChange={(v) => send(q.id, v)}
              error={error}
              required={q.required}
              {...(q.type === 'number'
                ? {
                    inputMode: 'numeric' as const,
                    hint: q.min !== undefined && q.max !== undefined ? t('book.numberHint', { min: q.min, max: q.max }) : undefined,
                  }
                : { maxLength: (q.max_length ?? 500) + 50 })}
            />
          </div>
        );
      })}
    </Step>
  );
}

function Confirm({ actor, resource }: { actor: BookResourceRef; resource: Resource }) {
  const t = useT();
  const { locale } = useIntl();
  const start = useSelector(actor, (s) => s.context.start);
  const end = useSelector(actor, selectEnd);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const taken = useSelector(actor, (s) => s.hasTag('taken'));
  const submitFailed = useSelector(actor, (s) => s.hasTag('submitFailed'));
  const canConfirm = useSelector(actor, (s) => s.can({ type: 'user.confirm' }));
  const conflict = useSelector(actor, (s) => s.context.conflict);
  const zone = resource.timezone;
  return (
    <ConfirmBar data-testid="book-confirm-bar">
      {taken ? (
        <Alert tone="error" role="alert" css={{ margin: 0 }} data-testid="book-taken">
          <strong>{t('book.taken.title')}</strong>{' '}
          {conflict?.nextFree
            ? t('book.taken.next', { when: formatEventDate(conflict.nextFree.start_at, conflict.nextFree.end_at, locale, zone) })
            : t('book.taken.none')}
        </Alert>
      ) : null}
      {submitFailed ? (
        <Alert tone="error" role="alert" css={{ margin: 0 }} data-testid="book-failed">
          {t('book.submitFailed')}
        </Alert>
      ) : null}
      <Chosen data-testid="book-chosen" aria-live="polite">
        <Clock size={18} aria-hidden="true" focusable="false" />
        {start && end ? formatEventDate(start, end, locale, zone) : t('book.nothingChosen')}
      </Chosen>
      {taken ? (
        <ReceiptActions>
          {conflict?.nextFree ? (
            <Button type="button" width="auto" onClick={() => actor.send({ type: 'user.takeNextFree' })}>
              {t('book.taken.takeNext', { time: formatTime(conflict.nextFree.start_at, locale, zone) })}
            </Button>
          ) : null}
          <Button type="button" width="auto" variant="secondary" onClick={() => actor.send({ type: 'user.dismiss' })}>
            {t('book.taken.other')}
          </Button>
        </ReceiptActions>
      ) : submitFailed ? (
        <ReceiptActions>
          <Button type="button" width="auto" onClick={() => actor.send({ type: 'user.retry' })}>
            {t('bookings.retry')}
          </Button>
          <Button type="button" width="auto" variant="secondary" onClick={() => actor.send({ type: 'user.dismiss' })}>
            {t('book.change')}
          </Button>
        </ReceiptActions>
      ) : (
        <Button
          type="button"
          size="lg"
          busy={submitting}
          disabled={!canConfirm}
          onClick={() => actor.send({ type: 'user.confirm' })}
          data-testid="book-confirm"
        >
          {resource.requires_approval ? t('book.request') : t('book.confirm')}
        </Button>
      )}
    </ConfirmBar>
  );
}

/** Focus moves to the receipt's heading when it shows: the Confirm button that had it is gone. */
const focusOnShow = (element: HTMLElement | null) => element?.focus();

function BookedReceipt({ actor }: { actor: BookResourceRef }) {
  const t = useT();
  const { locale } = useIntl();
  const booking = useSelector(actor, (s) => s.context.booking)!;
  const buildingUuid = useSelector(actor, (s) => s.context.buildingUuid);
  const pending = booking.receipt_status === 'Pending';
  return (
    <Receipt as="article" aria-labelledby="book-receipt-title" data-testid="book-receipt">
      <ReceiptIcon tone={pending ? 'pending' : 'success'}>
        {pending ? (
          <CalendarClock size={28} aria-hidden="true" focusable="false" />
        ) : (
          <CalendarCheck size={28} aria-hidden="true" focusable="false" />
        )}
      </ReceiptIcon>
      <Title id="book-receipt-title" tabIndex={-1} ref={focusOnShow} data-testid="book-receipt-title">
        {pending ? t('bookings.title.requested') : t('bookings.title.booked')}
      </Title>
      <Text css={{ margin: 0, fontSize: '$4', color: '$text', fontWeight: 600 }}>{booking.name}</Text>
      <Text css={{ margin: 0 }} data-testid="book-receipt-when">
        {formatEventDate(booking.start_at, booking.end_at, locale, booking.timezone)}
      </Text>
      <Alert tone="info" role="status" css={{ margin: 0 }} data-testid="book-receipt-note">
        {pending ? t('book.pending') : t('book.confirmedText')}
      </Alert>
      <ReceiptActions>
        <Link
          to={receiptPath(
            {
              ownerType: booking.owner.owner_type,
              ownerUuid: booking.owner.owner_uuid,
              resourceUuid: booking.resource.uuid,
              bookingUuid: booking.uuid,
            },
            buildingUuid,
          )}
          data-testid="book-see-receipt"
        >
          {t('book.seeReceipt')}
        </Link>
        <Link to="/my-history">{t('book.myHistory')}</Link>
        <Link to="/building/$buildingUuid/book" params={{ buildingUuid }}>
          {t('book.another')}
        </Link>
      </ReceiptActions>
    </Receipt>
  );
}
