import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { ClipboardList, Plus } from 'lucide-react';
import type { ServiceRequestsRef } from '../../../machines/serviceRequests/serviceRequests.machine';
import { newestFirst, nextStatuses } from '../../../machines/serviceRequests/serviceRequests.rules';
import { requestTitle, sameProblems, shownAnswerProblem, submitProblems } from '../../../machines/serviceRequests/serviceRequests.selectors';
import type { ServiceRequest, ServiceRequestField } from '../../../machines/serviceRequests/serviceRequests.types';
import { useBuildingSelector, useScreen } from '../appContext';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { SelectField, TextAreaField, TextField } from '../kit/Field';
import { Alert, PageContainer, Text } from '../kit/Layout';
import { Link } from '../kit/Link';
import { ConfirmModal, Modal, ModalActions } from '../kit/Modal';
import { Skeleton } from '../kit/Skeleton';
import { EmptyState, ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';
import { AreaScreen, useScreenBuilding } from '../shell/AreaScreen';
import { BookingStatusChip } from '../bookings/BookingStatusChip';
import { PhotoPicker } from './PhotoPicker';

const Header = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  '@tablet': { flexDirection: 'row', alignItems: 'flex-end', justifyContent: 'space-between' },
});
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: '0 0 $2' });
const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$3', maxWidth: 840 });
const Item = styled('li', {
  backgroundColor: '$surface',
  borderRadius: '$3',
  boxShadow: '$card',
  padding: '$4',
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  minWidth: 0,
});
// The status under the title, on every card alike (a short title beside it and a long one above it read as two layouts).
const ItemHead = styled('div', { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '$2' });
const ItemTitle = styled('h2', { fontSize: '$4', margin: 0, lineHeight: 1.3, overflowWrap: 'anywhere' });
// The title leads to the request's own page (its photos and status history); a tall target on a phone.
const TitleLink = styled(Link, { display: 'inline-block', paddingBlock: '$1', fontWeight: 'inherit' });
const Meta = styled('p', { margin: 0, color: '$muted', fontSize: '$2' });
const Body = styled('p', { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
// What still keeps the form from being sent, said beside its button and announced as it changes.
const Summary = styled('p', { margin: 0, color: '$muted', fontSize: '$2', '&:empty': { display: 'none' } });

/**
 * /building/{uuid}/service-requests: the person's requests in the building (each leads to its own page), a create form
 * with photos, and cancelling. Statuses read as everywhere else (the bookings area's words, `BookingStatusChip`;
 * decision 150).
 */
export function ServiceRequestsPage() {
  const buildingUuid = useScreenBuilding();
  const requests = useScreen('serviceRequests');
  const timeZone = useBuildingSelector((s) => s.context.current?.timezone ?? 'UTC');
  return (
    <AreaScreen areas={['serviceRequests', 'bookings', 'shell']} ready={!!buildingUuid && !!requests}>
      {() => <ServiceRequestsScreen actor={requests!} timeZone={timeZone} />}
    </AreaScreen>
  );
}

/** The list, the create form and the status change of a building's service requests; dates in the building's time zone. */
export function ServiceRequestsScreen({ actor, timeZone }: { actor: ServiceRequestsRef; timeZone: string }) {
  const t = useT();
  const loading = useSelector(actor, (s) => s.hasTag('loading') || s.hasTag('off'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const canCreate = useSelector(actor, (s) => s.can({ type: 'user.openCreate' }));
  return (
    <PageContainer>
      <Header>
        <div>
          <Title>{t('serviceRequests.title')}</Title>
          <Text css={{ margin: 0 }}>{t('serviceRequests.intro')}</Text>
        </div>
        {ready ? (
          <Button
            type="button"
            width="auto"
            icon={<Plus size={18} aria-hidden="true" />}
            disabled={!canCreate}
            onClick={() => actor.send({ type: 'user.openCreate' })}
          >
            {t('serviceRequests.new')}
          </Button>
        ) : null}
      </Header>
      {loading ? (
        <List aria-busy="true" aria-label={t('serviceRequests.listLabel')}>
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton css={{ height: 120 }} />
            </li>
          ))}
        </List>
      ) : null}
      {failed ? (
        <ErrorState
          icon={ClipboardList}
          title={t('serviceRequests.loadFailed')}
          action={
            <Button type="button" width="auto" onClick={() => actor.send({ type: 'user.retry' })}>
              {t('serviceRequests.retry')}
            </Button>
          }
        />
      ) : null}
      {ready ? <RequestList actor={actor} timeZone={timeZone} /> : null}
      <CreateDialog actor={actor} />
      <ConfirmStatusDialog actor={actor} />
    </PageContainer>
  );
}

function RequestList({ actor, timeZone }: { actor: ServiceRequestsRef; timeZone: string }) {
  const t = useT();
  const requests = useSelector(actor, (s) => s.context.requests);
  if (!requests.length)
    return <EmptyState icon={ClipboardList} title={t('serviceRequests.empty.title')} description={t('serviceRequests.empty.text')} />;
  return (
    <List aria-label={t('serviceRequests.listLabel')} data-testid="service-requests">
      {newestFirst(requests).map((request) => (
        <RequestItem key={request.id} actor={actor} request={request} timeZone={timeZone} />
      ))}
    </List>
  );
}

function RequestItem({ actor, request, timeZone }: { actor: ServiceRequestsRef; request: ServiceRequest; timeZone: string }) {
  const t = useT();
  const { locale } = useIntl();
  const updating = useSelector(actor, (s) => s.hasTag('updating') && s.context.pending?.id === request.id);
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.changeStatus', id: request.id, status: 'Canceled' }));
  const buildingUuid = useSelector(actor, (s) => s.context.buildingUuid);
  const offered = nextStatuses(request).includes('Canceled');
  return (
    <Item data-request={request.reference}>
      <ItemHead>
        <ItemTitle>
          <TitleLink to={`/building/${buildingUuid}/service-requests/${request.id}`}>{requestTitle(request.answers)}</TitleLink>
        </ItemTitle>
        <BookingStatusChip status={request.status} />
      </ItemHead>
      <Meta>
        {t('serviceRequests.reference', { reference: request.reference })} ·{' '}
        {t('serviceRequests.filed', { date: formatDate(request.created_at, locale, timeZone) })}
        {request.photo_count ? ` · ${t('serviceRequests.photoCount', { count: request.photo_count })}` : null}
      </Meta>
      {request.answers.description ? <Body>{request.answers.description}</Body> : null}
      {offered ? (
        <Button
          type="button"
          variant="secondary"
          width="auto"
          size="sm"
          css={{ alignSelf: 'flex-start' }}
          busy={updating}
          disabled={!canCancel}
          aria-label={t('serviceRequests.cancelFor', { reference: request.reference })}
          onClick={() => actor.send({ type: 'user.changeStatus', id: request.id, status: 'Canceled' })}
        >
          {updating ? t('serviceRequests.updating') : t('serviceRequests.cancel')}
        </Button>
      ) : null}
    </Item>
  );
}

function ConfirmStatusDialog({ actor }: { actor: ServiceRequestsRef }) {
  const t = useT();
  const confirming = useSelector(actor, (s) => s.hasTag('confirmStatus'));
  const reference = useSelector(actor, (s) => s.context.requests.find((r) => r.id === s.context.pending?.id)?.reference ?? '');
  if (!confirming) return null;
  return (
    <ConfirmModal
      title={t('serviceRequests.confirm.title')}
      confirmLabel={t('serviceRequests.confirm.yes')}
      dismissLabel={t('serviceRequests.confirm.no')}
      onConfirm={() => actor.send({ type: 'user.confirmStatus' })}
      onDismiss={() => actor.send({ type: 'user.keepStatus' })}
    >
      <p>{t('serviceRequests.confirm.text', { reference })}</p>
    </ConfirmModal>
  );
}

const PROBLEMS = {
  required: 'serviceRequests.problem.required',
  invalidOption: 'serviceRequests.problem.invalidOption',
  tooLong: 'serviceRequests.problem.tooLong',
  invalidDate: 'serviceRequests.problem.invalidDate',
} as const;

/** The create form, built from the metadata: a control per field by its type, required ones marked. */
function CreateDialog({ actor }: { actor: ServiceRequestsRef }) {
  const t = useT();
  const creating = useSelector(actor, (s) => s.hasTag('creating'));
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const fields = useSelector(actor, (s) => s.context.form?.fields ?? []);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const error = useSelector(actor, (s) => (s.hasTag('creating') ? s.context.error : null));
  const summaryId = useId();
  if (!creating) return null;
  const close = () => actor.send({ type: 'user.closeCreate' });
  return (
    <Modal title={t('serviceRequests.form.title')} onClose={submitting ? undefined : close} closeLabel={t('serviceRequests.form.close')}>
      <form
        aria-label={t('serviceRequests.form.title')}
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          actor.send({ type: 'user.submit' });
        }}
      >
        {error ? (
          <Alert role="alert" data-testid="service-request-error">
            {t('serviceRequests.form.failed', { message: error.message })}
          </Alert>
        ) : null}
        {fields.map((field) => (
          <FormControl key={field.name} actor={actor} field={field} />
        ))}
        <PhotoPicker actor={actor} />
        <ModalActions>
          <SubmitSummary actor={actor} id={summaryId} />
          <Button type="submit" disabled={!canSubmit} busy={submitting} aria-describedby={summaryId}>
            {submitting ? t('serviceRequests.form.submitting') : t('serviceRequests.form.submit')}
          </Button>
          <Button type="button" variant="secondary" disabled={submitting} onClick={close}>
            {t('serviceRequests.form.close')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

/**
 * What keeps the request from being sent, beside the (disabled) send button: the fields still to fill in and those to
 * correct, by their labels (decision NEXT-service-request-submit). Empty once the form can be sent.
 */
function SubmitSummary({ actor, id }: { actor: ServiceRequestsRef; id: string }) {
  const t = useT();
  const { formatList } = useIntl();
  const { missing, invalid } = useSelector(actor, (s) => submitProblems(s.context), sameProblems);
  const list = (labels: string[]) => formatList(labels, { type: 'conjunction' });
  return (
    <Summary id={id} role="status" data-testid="service-request-summary">
      {missing.length ? t('serviceRequests.form.missing', { fields: list(missing) }) : null}
      {missing.length && invalid.length ? ' ' : null}
      {invalid.length ? t('serviceRequests.form.invalid', { fields: list(invalid) }) : null}
    </Summary>
  );
}

function FormControl({ actor, field }: { actor: ServiceRequestsRef; field: ServiceRequestField }) {
  const t = useT();
  const value = useSelector(actor, (s) => s.context.answers[field.name] ?? '');
  const problem = useSelector(actor, (s) => shownAnswerProblem(s.context, field));
  const label = t(field.required ? 'serviceRequests.form.required' : 'serviceRequests.form.optional', { label: field.label });
  const common = {
    label,
    value,
    onValueChange: (next: string) => actor.send({ type: 'user.change', name: field.name, value: next }),
    onBlur: () => actor.send({ type: 'user.blur', name: field.name }),
    error: problem ? t(PROBLEMS[problem]) : undefined,
  };
  switch (field.type) {
    case 'select':
      return (
        <SelectField
          {...common}
          required={field.required}
          options={field.options ?? []}
          // A field with a default always has an answer: no empty choice to fall back to.
          {...(field.default ? {} : { placeholder: t('serviceRequests.form.choose') })}
        />
      );
    case 'textarea':
      return (
        <TextAreaField {...common} rows={4} maxLength={field.maxLength} aria-required={field.required || undefined} placeholder={field.placeholder} />
      );
    case 'date':
      return <TextField {...common} type="date" aria-required={field.required || undefined} />;
    default:
      return <TextField {...common} maxLength={field.maxLength} aria-required={field.required || undefined} placeholder={field.placeholder} />;
  }
}
