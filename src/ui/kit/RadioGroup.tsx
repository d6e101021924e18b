import { useId, type ReactNode } from 'react';
import { styled } from './stitches.config';

const Group = styled('fieldset', { border: 0, padding: 0, margin: '0 0 $4', minWidth: 0 });
const Legend = styled('legend', { fontSize: '$2', fontWeight: 600, padding: 0, marginBottom: '$2' });
const Options = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2' });
// Native radios (arrow keys move the choice), drawn as a row of pills.
const Option = styled('label', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: 44,
  padding: '$2 $4',
  border: '1px solid $control',
  borderRadius: '$round',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: '$primary', color: '$primary', fontWeight: 600, boxShadow: 'inset 0 0 0 1px $colors$primary' },
  '&:has(input:focus-visible)': { outline: '2px solid $colors$primary', outlineOffset: '2px' },
  '&:has(input:disabled)': { cursor: 'not-allowed', color: '$muted', borderStyle: 'dashed' },
  '& input': { accentColor: 'var(--colors-primary)', margin: 0 },
  '& svg': { flexShrink: 0 },
});
/**
 * The option's text, as wide as its bold self whether picked or not: a hidden bold copy holds the width, so picking
 * a pill never widens it and wraps the row (a form jumped by a row's height when one was picked: issue 22, item 21).
 */
const OptionText = styled('span', {
  display: 'inline-flex',
  flexDirection: 'column',
  '&::after': { content: 'attr(data-text)', fontWeight: 600, height: 0, overflow: 'hidden', visibility: 'hidden', userSelect: 'none' },
});

/** One choice of several (radio buttons in a fieldset, its legend the label). */
export function RadioGroup<V extends string>({
  label,
  value,
  options,
  onValueChange,
}: {
  label: ReactNode;
  value: V;
  /** `disabled`: listed but not choosable (it says why in its label). */
  options: { value: V; label: string; icon?: ReactNode; disabled?: boolean }[];
  onValueChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <Group>
      <Legend>{label}</Legend>
      <Options>
        {options.map((option) => (
          <Option key={option.value}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => onValueChange(option.value)}
            />
            {option.icon}
            <OptionText data-text={option.label}>{option.label}</OptionText>
          </Option>
        ))}
      </Options>
    </Group>
  );
}
