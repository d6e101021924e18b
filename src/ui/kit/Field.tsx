import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { styled } from './stitches.config';

const Wrapper = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', marginBottom: '$4' });
const Label = styled('label', { fontSize: '$2', fontWeight: 600 });
const Input = styled('input', {
  border: '1px solid $border',
  borderRadius: '$2',
  padding: '$3',
  fontSize: '$3',
  backgroundColor: '$surface',
  '&[aria-invalid="true"]': { borderColor: '$alert' },
});
export const FieldError = styled('p', { color: '$alert', fontSize: '$2', margin: 0 });

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and announced; the field is marked invalid while it is set. */
  error?: ReactNode;
  hint?: ReactNode;
}

export function TextField({ label, value, onValueChange, error, hint, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? <div id={`${id}-hint`}>{hint}</div> : null}
      {error ? (
        <FieldError id={`${id}-error`} role="alert">
          {error}
        </FieldError>
      ) : null}
    </Wrapper>
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

const Select = styled('select', { border: '1px solid $border', borderRadius: '$2', padding: '$3', fontSize: '$3', backgroundColor: '$surface' });

export function SelectField({
  label,
  value,
  onValueChange,
  options,
  placeholder,
}: {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  options: { value: string; label: string }[];
  placeholder: string;
}) {
  const id = useId();
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onValueChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Wrapper>
  );
}
