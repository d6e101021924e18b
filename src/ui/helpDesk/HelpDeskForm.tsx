import { useId, useRef, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { CloudOff, Paperclip, X } from 'lucide-react';
import { HELP_DESK_NATURES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, ATTACHMENT_EXTENSIONS, MAX_SUBJECT_LENGTH } from '../../../contracts/helpDesk';
import type { HelpDeskCategory, HelpDeskIssueType, HelpDeskNature } from '../../../contracts/helpDesk';
import type { HelpDeskRef } from '../../../machines/helpDesk/helpDesk.machine';
import { readableSize, serverReason, shownProblem } from '../../../machines/helpDesk/helpDesk.selectors';
import type { HelpDeskField, HelpDeskFields } from '../../../machines/helpDesk/helpDesk.types';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { FieldError, TextAreaField, TextField } from '../kit/Field';
import { Alert } from '../kit/Layout';
import { Skeleton } from '../kit/Skeleton';
import { ErrorState } from '../kit/States';
import { ConfirmModal, Modal, ModalActions } from '../kit/Modal';
import { RadioGroup } from '../kit/RadioGroup';
import { styled } from '../kit/stitches.config';

const MB = MAX_ATTACHMENT_BYTES / (1024 * 1024);
const ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

const Section = styled('div', { marginBottom: '$4', minWidth: 0 });
const SectionLabel = styled('p', { fontSize: '$2', fontWeight: 600, margin: '0 0 $2' });
const Hint = styled('p', { color: '$muted', fontSize: '$2', margin: '0 0 $2' });
const FileList = styled('ul', { listStyle: 'none', margin: '0 0 $2', padding: 0, display: 'flex', flexDirection: 'column', gap: '$2' });
const FileRow = styled('li', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $2 $2 $3',
  border: '1px solid $border',
  borderRadius: '$2',
  minWidth: 0,
  '& > svg': { flexShrink: 0, color: '$muted' },
});
const FileName = styled('span', { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const FileSize = styled('span', { color: '$muted', fontSize: '$2', flexShrink: 0 });
const RemoveButton = styled('button', {
  appearance: 'none',
  border: 0,
  background: 'transparent',
  color: '$muted',
  width: 44,
  height: 44,
  margin: '-$2 0',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '$round',
  cursor: 'pointer',
  flexShrink: 0,
  '&:hover': { backgroundColor: '$neutralSoft', color: '$text' },
});
// The native file input, kept for the keyboard and screen readers but drawn as the kit's secondary button.
const FileInput = styled('input', {
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
  '&:focus-visible + label': { outline: '2px solid $colors$primary', outlineOffset: 2 },
});
const FileButton = styled('label', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  minHeight: 44,
  padding: '$2 $4',
  border: '1px solid $primary',
  borderRadius: '$2',
  color: '$primary',
  fontWeight: 600,
  cursor: 'pointer',
  variants: { disabled: { true: { opacity: 0.55, cursor: 'not-allowed' } } },
});
const Actions = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', '@tablet': { flexDirection: 'row-reverse' } });

/** A nature's text, or a portfolio category's. */
const issueTypeLabel = (value: HelpDeskIssueType) =>
  (HELP_DESK_NATURES as readonly string[]).includes(value)
    ? (`helpDesk.nature.${value as HelpDeskNature}` as const)
    : (`helpDesk.category.${value as HelpDeskCategory}` as const);

const PROBLEMS = { required: 'helpDesk.problem.required', tooLong: 'helpDesk.problem.tooLong' } as const;

/**
 * The help-desk form and its dialogs (confirm cancel, success, error), as the help-desk flow's state says. Used on
 * /help-desk and in an amenity's support modal.
 */
export function HelpDeskForm({ actor }: { actor: HelpDeskRef }) {
  const t = useT();
  const preparing = useSelector(actor, (s) => s.hasTag('preparing'));
  const unprepared = useSelector(actor, (s) => s.hasTag('unprepared'));
  if (preparing)
    return (
      <div aria-busy="true" aria-label={t('helpDesk.preparing')} role="status" data-testid="help-desk-preparing">
        <Skeleton css={{ height: 120, marginBottom: '$4' }} />
        <Skeleton css={{ height: 48, marginBottom: '$4' }} />
        <Skeleton css={{ height: 140 }} />
      </div>
    );
  if (unprepared)
    return (
      <ErrorState
        icon={CloudOff}
        title={t('helpDesk.unprepared.title')}
        description={t('helpDesk.unprepared.text')}
        action={
          <Button type="button" onClick={() => actor.send({ type: 'user.retry' })}>
            {t('helpDesk.retry')}
          </Button>
        }
      />
    );
  return <SupportForm actor={actor} />;
}

function SupportForm({ actor }: { actor: HelpDeskRef }) {
  const t = useT();
  const issueTypes = useSelector(actor, (s) => s.context.issueTypes);
  const usesCategories = useSelector(actor, (s) => s.context.usesCategories);
  const fields = useSelector(actor, (s) => s.context.fields);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const failedBefore = useSelector(actor, (s) => s.hasTag('editing') && s.context.error !== null);
  const subjectProblem = useSelector(actor, (s) => shownProblem(s.context, 'subject'));
  const descriptionProblem = useSelector(actor, (s) => shownProblem(s.context, 'description'));
  const natureProblem = useSelector(actor, (s) => shownProblem(s.context, 'nature'));
  const change = <F extends HelpDeskField>(field: F, value: HelpDeskFields[F]) =>
    actor.send({ type: 'user.change', field, value } as Parameters<HelpDeskRef['send']>[0]);
  return (
    <form
      aria-label={t('helpDesk.formLabel')}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      {failedBefore ? (
        <Alert role="alert" data-testid="help-desk-not-sent">
          {t('helpDesk.failedNote')}
        </Alert>
      ) : null}
      <div onBlur={() => actor.send({ type: 'user.blur', field: 'nature' })}>
        <RadioGroup
          label={t('helpDesk.required', { label: t(usesCategories ? 'helpDesk.category.label' : 'helpDesk.nature.label') })}
          value={fields.nature}
          options={issueTypes.map((value) => ({ value, label: t(issueTypeLabel(value)) }))}
          onValueChange={(value) => change('nature', value)}
        />
        {natureProblem ? (
          <FieldError role="alert" css={{ marginTop: '-$3', marginBottom: '$4' }}>
            {t(usesCategories ? 'helpDesk.problem.category' : 'helpDesk.problem.nature')}
          </FieldError>
        ) : null}
      </div>
      <TextField
        label={t('helpDesk.required', { label: t('helpDesk.subject.label') })}
        value={fields.subject}
        maxLength={MAX_SUBJECT_LENGTH}
        onValueChange={(value) => change('subject', value)}
        onBlur={() => actor.send({ type: 'user.blur', field: 'subject' })}
        error={subjectProblem ? t(PROBLEMS[subjectProblem]) : undefined}
        aria-required="true"
      />
      <TextAreaField
        label={t('helpDesk.required', { label: t('helpDesk.description.label') })}
        value={fields.description}
        rows={6}
        onValueChange={(value) => change('description', value)}
        onBlur={() => actor.send({ type: 'user.blur', field: 'description' })}
        error={descriptionProblem ? t(PROBLEMS[descriptionProblem]) : undefined}
        aria-required="true"
      />
      <Attachments actor={actor} />
      <Actions>
        <Button type="submit" disabled={!canSubmit} busy={submitting}>
          {submitting ? t('helpDesk.submitting') : t('helpDesk.submit')}
        </Button>
        <Button type="button" variant="secondary" disabled={submitting} onClick={() => actor.send({ type: 'user.cancel' })}>
          {t('helpDesk.cancel')}
        </Button>
      </Actions>
      <HelpDeskDialogs actor={actor} />
    </form>
  );
}

function Attachments({ actor }: { actor: HelpDeskRef }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const files = useSelector(actor, (s) => s.context.files);
  const refused = useSelector(actor, (s) => s.context.refused);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const full = files.length >= MAX_ATTACHMENTS;
  return (
    <Section role="group" aria-labelledby={`${id}-label`}>
      <SectionLabel id={`${id}-label`}>{t('helpDesk.attachments.label')}</SectionLabel>
      <Hint id={`${id}-hint`}>{t('helpDesk.attachments.hint', { count: MAX_ATTACHMENTS, size: MB })}</Hint>
      {files.length ? (
        <FileList aria-label={t('helpDesk.attachments.count', { count: files.length })} data-testid="help-desk-files">
          {files.map((file, index) => (
            <FileRow key={`${file.name}-${file.size}`}>
              <Paperclip size={16} aria-hidden="true" />
              <FileName title={file.name}>{file.name}</FileName>
              <FileSize>{readableSize(file.size)}</FileSize>
              <RemoveButton
                type="button"
                aria-label={t('helpDesk.attachments.remove', { name: file.name })}
                disabled={submitting}
                onClick={() => actor.send({ type: 'user.removeFile', index })}
              >
                <X size={18} aria-hidden="true" />
              </RemoveButton>
            </FileRow>
          ))}
        </FileList>
      ) : null}
      {refused.length ? (
        <div role="alert" data-testid="help-desk-refused">
          {refused.map((file) => (
            <FieldError key={`${file.name}-${file.reason}`}>
              {t(`helpDesk.refused.${file.reason}`, { name: file.name, count: MAX_ATTACHMENTS, size: MB })}
            </FieldError>
          ))}
        </div>
      ) : null}
      <FileInput
        ref={input}
        id={`${id}-input`}
        type="file"
        multiple
        accept={ACCEPT}
        disabled={full || submitting}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          if (chosen.length) actor.send({ type: 'user.addFiles', files: chosen });
          // The same file may be chosen again after it was removed.
          e.target.value = '';
        }}
      />
      <FileButton htmlFor={`${id}-input`} disabled={full || submitting}>
        <Paperclip size={18} aria-hidden="true" />
        {t('helpDesk.attachments.add')}
      </FileButton>
    </Section>
  );
}

/** The dialogs of the flow: discard the request?, sent (success), not sent (error). */
function HelpDeskDialogs({ actor }: { actor: HelpDeskRef }) {
  const t = useT();
  const confirming = useSelector(actor, (s) => s.hasTag('confirmCancel'));
  const succeeded = useSelector(actor, (s) => s.hasTag('success'));
  const failed = useSelector(actor, (s) => s.hasTag('failure'));
  const reason = useSelector(actor, (s) => serverReason(s.context));
  if (confirming)
    return (
      <ConfirmModal
        title={t('helpDesk.confirmCancel.title')}
        confirmLabel={t('helpDesk.confirmCancel.confirm')}
        dismissLabel={t('helpDesk.confirmCancel.keep')}
        onConfirm={() => actor.send({ type: 'user.confirmCancel' })}
        onDismiss={() => actor.send({ type: 'user.keepEditing' })}
      >
        <p>{t('helpDesk.confirmCancel.text')}</p>
      </ConfirmModal>
    );
  if (succeeded)
    return (
      <Modal title={t('salesforce.success_title')} onClose={() => actor.send({ type: 'user.done' })}>
        <p>{t('salesforce.success_description')}</p>
        <ModalActions>
          <Button type="button" onClick={() => actor.send({ type: 'user.done' })}>
            {t('helpDesk.done')}
          </Button>
        </ModalActions>
      </Modal>
    );
  if (failed)
    return (
      <Modal title={t('salesforce.error_title')} onClose={() => actor.send({ type: 'user.dismiss' })}>
        <p>{t('salesforce.error_description')}</p>
        {reason ? <p data-testid="help-desk-reason">{t('helpDesk.serverReason', { reason })}</p> : null}
        <ModalActions>
          <Button type="button" onClick={() => actor.send({ type: 'user.retry' })}>
            {t('helpDesk.retry')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'user.dismiss' })}>
            {t('helpDesk.backToForm')}
          </Button>
        </ModalActions>
      </Modal>
    );
  return null;
}
