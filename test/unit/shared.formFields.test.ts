import { describe, expect, it } from 'vitest';
import { allTouched, fieldEvents, shownErrors, withTouched, withValue } from '../../machines/shared/formFields';

describe('form fields, written once (machines/shared/formFields.ts)', () => {
  it('a change sets one field and keeps the others, without touching the original', () => {
    const values = { first: 'Ada', last: 'Lovelace' };
    expect(withValue(values, 'first', 'Grace')).toEqual({ first: 'Grace', last: 'Lovelace' });
    expect(values.first).toBe('Ada');
  });

  it('a blur marks the field touched; a refused submit touches all', () => {
    expect(withTouched<'a' | 'b', { a?: boolean; b?: boolean }>({ a: true }, 'b')).toEqual({ a: true, b: true });
    expect(allTouched(['a', 'b'] as const)).toEqual({ a: true, b: true });
  });

  it('a view shows the errors of touched fields only', () => {
    expect(shownErrors<'a' | 'b', string>({ a: 'required', b: 'too short' }, { b: true })).toEqual({ b: 'too short' });
    expect(shownErrors<'a', string>({ a: 'required' }, {})).toEqual({});
  });

  it("the editing state's field events run the flow's named actions in place", () => {
    expect(fieldEvents('setField', 'touch')).toEqual({ 'user.change': { actions: 'setField' }, 'user.blur': { actions: 'touch' } });
  });
});
