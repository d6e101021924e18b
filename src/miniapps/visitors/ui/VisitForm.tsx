import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { VisitorPassesRef } from '../../../../machines/visitors/visitorPasses.machine';
import type { VisitField } from '../../../../machines/visitors/visitorPasses.types';
import { editGivesNewPass, shownProblem } from '../../../../machines/visitors/visitorPasses.selectors';
import { MAX_GUEST_NAME, MAX_VISIT_NOTE, VISIT_FIELDS } from '../../../../machines/visitors/visitorPasses.rules';
import type { VisitorsMessageId } from '../i18n';
import { ScreenHeading } from './ScreenHeading';
import { failureText, problemText, useT } from './text';

/** Invite a guest, or edit an expected visit (prefilled). Problems show under their field; a refused submit keeps the text. */
export function VisitForm({ actor }: { actor: VisitorPassesRef }) {
  const t = useT();
  const intl = useIntl();
  const editing = useSelector(actor, (s) => s.context.editing !== null);
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const error = useSelector(actor, (s) => s.context.error);
  const newPass = useSelector(actor, (s) => editGivesNewPass(s.context));
  const today = useSelector(actor, (s) => s.context.today);
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();
  const submitted = useRef(false);
  const anyProblem = useSelector(actor, (s) => VISIT_FIELDS.some((f) => shownProblem(s.context, f)));
  // After a refused submit, the first field with a problem takes the focus (or the form's error, when none has).
  useEffect(() => {
    if (!submitted.current || saving) return;
    submitted.current = false;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? (error ? document.getElementById(errorId) : null);
    target?.focus();
  }, [saving, anyProblem, error, errorId]);
  return (
    <form
      ref={form}
      className="visit-form"
      noValidate
      aria-busy={saving}
      onSubmit={(e) => {
        e.preventDefault();
        submitted.current = true;
        actor.send({ type: 'user.submit' });
        // A submit the browser's checks refuse stays on the form: the effect above moves the focus.
        if (!actor.getSnapshot().hasTag('saving')) setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      }}
    >
      <button type="button" className="btn btn-link back" onClick={() => actor.send({ type: 'user.back' })} disabled={saving}>
        <span aria-hidden="true">← </span>
        {t('visitors.form.back')}
      </button>
      <ScreenHeading>{t(editing ? 'visitors.form.editTitle' : 'visitors.form.inviteTitle')}</ScreenHeading>
      <p className="muted">{t('visitors.form.required')}</p>
      {error ? (
        <p id={errorId} className="form-error" role="alert" tabIndex={-1}>
          {failureText(intl, error)}
        </p>
      ) : null}
      <Field actor={actor} field="guest_name" label="visitors.field.name" autoComplete="off" maxLength={MAX_GUEST_NAME} />
      <Field actor={actor} field="guest_email" label="visitors.field.email" type="email" autoComplete="off" inputMode="email" />
      <Field actor={actor} field="date" label="visitors.field.date" type="date" min={today} />
      <div className="pair">
        <Field actor={actor} field="start_time" label="visitors.field.start" type="time" />
        <Field actor={actor} field="end_time" label="visitors.field.end" type="time" />
      </div>
      <Field actor={actor} field="note" label="visitors.field.note" hint="visitors.field.noteHint" multiline maxLength={MAX_VISIT_NOTE} optional />
      {newPass ? (
        <p className="notice" role="status">
          {t('visitors.form.newPass')}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t(editing ? 'visitors.form.saving' : 'visitors.form.sending') : t(editing ? 'visitors.form.save' : 'visitors.form.send')}
        </button>
      </div>
    </form>
  );
}

interface FieldProps {
  actor: VisitorPassesRef;
  field: VisitField;
  label: VisitorsMessageId;
  hint?: VisitorsMessageId;
  type?: 'text' | 'email' | 'date' | 'time';
  multiline?: boolean;
  optional?: boolean;
  autoComplete?: string;
  inputMode?: 'email';
  maxLength?: number;
  min?: string;
}

function Field({ actor, field, label, hint, type = 'text', multiline, optional, ...rest }: FieldProps) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const value = useSelector(actor, (s) => s.context.fields[field]);
  const problem = useSelector(actor, (s) => shownProblem(s.context, field));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const describedBy = [problem ? `${id}-problem` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field,
    value,
    required: !optional,
    readOnly: saving,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => actor.send({ type: 'user.change', field, value: e.target.value }),
    onBlur: () => actor.send({ type: 'user.blur', field }),
  };
  return (
    <div className={`field${problem ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{t(label)}</label>
      {multiline ? <textarea rows={3} {...common} maxLength={rest.maxLength} /> : <input type={type} {...common} {...rest} />}
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {t(hint)}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="problem">
          {problemText(intl, problem)}
        </p>
      ) : null}
    </div>
  );
}
