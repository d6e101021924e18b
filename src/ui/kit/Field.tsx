import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { styled } from './stitches.config';

const Wrapper = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', marginBottom: '$4' });
const Label = styled('label', { fontSize: '$2', fontWeight: 600 });
const Input = styled('input', {
  // The control colour: a field's outline reads at 3:1 on the surface (WCAG 1.4.11).
  border: '1px solid $control',
  borderRadius: '$2',
  padding: '$3',
  fontSize: '$3',
  backgroundColor: '$surface',
  '&[aria-invalid="true"]': { borderColor: '$alert' },
});
export const FieldError = styled('p', { color: '$danger', fontSize: '$2', margin: 0 });
const Hint = styled('div', { color: '$muted', fontSize: '$2' });

/** What a control inside a FieldFrame carries: its id, its invalid state and what describes it. */
type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** A control with its label, hint and error: one layout and one way of announcing for every kind of field. */
function FieldFrame({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? (
        <FieldError id={`${id}-error`} role="alert">
          {error}
        </FieldError>
      ) : null}
    </Wrapper>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and announced; the field is marked invalid while it is set. */
  error?: ReactNode;
  hint?: ReactNode;
}

/**
 * A text field. `autoFocus` focuses it once it is on the screen, in an effect rather than during React's commit: focus
 * makes the browser lay out the page there and then, which on the sign-in page lengthened the one task that puts the
 * screen up (decision 065).
 */
export function TextField({ label, value, onValueChange, error, hint, autoFocus, ...input }: TextFieldProps) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => <Input ref={field} {...control} value={value} onChange={(e) => onValueChange(e.target.value)} {...input} />}
    </FieldFrame>
  );
}

const CheckRow = styled('label', { display: 'flex', gap: '$2', alignItems: 'flex-start', marginBottom: '$3', cursor: 'pointer' });

export function Checkbox({ label, checked, onCheckedChange }: { label: ReactNode; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <CheckRow>
      <input type="checkbox" checked={checked} onChange={(e) => onCheckedChange(e.target.checked)} style={{ marginTop: 4 }} />
      <span>{label}</span>
    </CheckRow>
  );
}

const Select = styled('select', {
  border: '1px solid $control',
  borderRadius: '$2',
  padding: '$3',
  fontSize: '$3',
  backgroundColor: '$surface',
  '&[aria-invalid="true"]': { borderColor: '$alert' },
});

export function SelectField({
  label,
  value,
  onValueChange,
  options,
  placeholder,
  error,
  onBlur,
  required,
}: {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** A `disabled` option is listed but cannot be chosen. */
  options: { value: string; label: string; disabled?: boolean }[];
  /** The empty choice's text; none for a field that always has a value (one with a default). */
  placeholder?: string;
  /** Shown under the field and announced; the field is marked invalid while it is set. */
  error?: ReactNode;
  onBlur?: () => void;
  required?: boolean;
}) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => onValueChange(e.target.value)} onBlur={onBlur} aria-required={required || undefined}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </FieldFrame>
  );
}

const TextArea = styled('textarea', {
  border: '1px solid $control',
  borderRadius: '$2',
  padding: '$3',
  fontSize: '$3',
  fontFamily: 'inherit',
  lineHeight: 1.5,
  backgroundColor: '$surface',
  color: '$text',
  resize: 'vertical',
  minHeight: 120,
  '&[aria-invalid="true"]': { borderColor: '$alert' },
});

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and announced; the field is marked invalid while it is set. */
  error?: ReactNode;
  hint?: ReactNode;
}

/** A multi-line text field with its label, hint and error, as TextField. */
export function TextAreaField({ label, value, onValueChange, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => <TextArea {...control} value={value} onChange={(e) => onValueChange(e.target.value)} {...textarea} />}
    </FieldFrame>
  );
}
