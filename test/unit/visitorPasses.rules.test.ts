import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { changesOf, emptyFields, fieldErrors, fieldsOf, givesNewPass, serverFieldOf, withVisit } from '../../machines/visitors/visitorPasses.rules';
import { failureKind, shownProblem } from '../../machines/visitors/visitorPasses.selectors';
import type { Visit, VisitFields } from '../../machines/visitors/visitorPasses.types';
import { contrast, themeProperties } from '../../src/miniapps/visitors/theme';
import { apiBaseOf } from '../../src/miniapps/visitors/api';
import { VISITORS_CATALOGUES, visitorsMessages } from '../../src/miniapps/visitors/i18n';
import en from '../../src/miniapps/visitors/messages/en.json';
import { buildVisit } from '../fixtures/visits';

const TODAY = '2026-12-01';

const visitOf = (overrides: Partial<Visit> = {}): Visit => buildVisit({ uuid: 'v-1', starts_at: '2026-12-02T08:00:00.000Z', ...overrides });

const fields = (overrides: Partial<VisitFields> = {}): VisitFields => ({ ...fieldsOf(visitOf()), ...overrides });

describe('the visit form’s checks', () => {
  it('asks for every field but the note', () => {
    expect(fieldErrors(emptyFields(), TODAY)).toEqual({
      guest_name: 'required',
      guest_email: 'required',
      date: 'required',
      start_time: 'required',
      end_time: 'required',
    });
    expect(fieldErrors(fields(), TODAY)).toEqual({});
  });

  it('refuses a bad address, a past day, an end before the start, a note too long, a day that is not one', () => {
    expect(fieldErrors(fields({ guest_email: 'ada@' }), TODAY)).toEqual({ guest_email: 'invalidEmail' });
    expect(fieldErrors(fields({ date: '2026-11-30' }), TODAY)).toEqual({ date: 'inPast' });
    expect(fieldErrors(fields({ date: '2026-02-30' }), TODAY)).toEqual({ date: 'refused' });
    expect(fieldErrors(fields({ end_time: '09:00' }), TODAY)).toEqual({ end_time: 'endBeforeStart' });
    expect(fieldErrors(fields({ end_time: '08:30' }), TODAY)).toEqual({ end_time: 'endBeforeStart' });
    expect(fieldErrors(fields({ note: 'x'.repeat(501) }), TODAY)).toEqual({ note: 'tooLong' });
    expect(fieldErrors(fields({ guest_name: '   ' }), TODAY)).toEqual({ guest_name: 'required' });
  });

  it('shows a problem once the field was left, and the server’s refusal of a field at once', () => {
    const context = { fields: fields({ guest_email: 'x' }), touched: {}, today: TODAY, serverField: null, editing: null };
    expect(shownProblem(context, 'guest_email')).toBeNull();
    expect(shownProblem({ ...context, touched: { guest_email: true } }, 'guest_email')).toBe('invalidEmail');
    const refused = { field: 'date' as const, error: { status: 400, message: 'over', code: 'visit_in_past' } };
    expect(shownProblem({ ...context, serverField: refused }, 'date')).toBe('inPast');
  });
});

describe('an edit', () => {
  it('sends only what changed, trimmed; an address in other case is the same', () => {
    const visit = visitOf();
    expect(changesOf(visit, fields({ guest_email: 'ADA@guest.example ' }))).toEqual({});
    expect(changesOf(visit, fields({ guest_name: ' Ada Lovelace ', note: 'Floor 3' }))).toEqual({ guest_name: 'Ada Lovelace', note: 'Floor 3' });
    expect(changesOf(visitOf({ note: 'Floor 3' }), fields({ note: '' }))).toEqual({ note: '' });
  });

  it('gives a new pass for a new day, time or address, not for a new name or note', () => {
    const visit = visitOf();
    expect(givesNewPass(visit, fields({ guest_name: 'Ada L.' }))).toBe(false);
    expect(givesNewPass(visit, fields({ note: 'Floor 3' }))).toBe(false);
    expect(givesNewPass(visit, fields({ date: '2026-12-03' }))).toBe(true);
    expect(givesNewPass(visit, fields({ end_time: '11:00' }))).toBe(true);
    expect(givesNewPass(visit, fields({ guest_email: 'other@guest.example' }))).toBe(true);
  });
});

describe('the server’s refusals', () => {
  it('names the field a refusal is about, or none', () => {
    expect(serverFieldOf({ status: 400, message: 'x', code: 'invalid_window' })).toEqual({ field: 'end_time', problem: 'endBeforeStart' });
    expect(serverFieldOf({ status: 400, message: 'x', code: 'visit_in_past' })).toEqual({ field: 'date', problem: 'inPast' });
    expect(serverFieldOf({ status: 400, message: 'x', code: 'too_far_ahead' })).toEqual({ field: 'date', problem: 'tooFarAhead' });
    expect(serverFieldOf({ status: 400, message: 'Invalid request: body/guest_email must match format "email"' })).toEqual({
      field: 'guest_email',
      problem: 'invalidEmail',
    });
    expect(serverFieldOf({ status: 409, message: 'The visit is arrived', code: 'visit_not_editable' })).toBeNull();
    expect(serverFieldOf({ status: 500, message: 'guest_name' })).toBeNull();
  });

  it('says a whole-form failure by its kind', () => {
    expect(failureKind(null)).toBeNull();
    expect(failureKind({ status: 0 })).toBe('offline');
    expect(failureKind({ status: 401 })).toBe('session');
    expect(failureKind({ status: 409, code: 'visit_not_editable' })).toBe('notChangeable');
    expect(failureKind({ status: 429 })).toBe('tooMany');
    expect(failureKind({ status: 500 })).toBe('other');
  });
});

describe('the lists', () => {
  it('puts a new or moved visit in upcoming by its start, a cancelled one first in past', () => {
    const early = visitOf({ uuid: 'a', starts_at: '2026-12-02T08:00:00.000Z' });
    const late = visitOf({ uuid: 'b', starts_at: '2026-12-05T08:00:00.000Z' });
    const lists = withVisit({ upcoming: [late], past: [] }, early);
    expect(lists.upcoming.map((v) => v.uuid)).toEqual(['a', 'b']);
    const cancelled = withVisit(lists, { ...late, state: 'cancelled' });
    expect(cancelled).toEqual({ upcoming: [early], past: [{ ...late, state: 'cancelled' }] });
  });
});

describe('the host’s theme', () => {
  it('keeps the primary colour for buttons, with the text colour that reads on it, and a text shade that reads on the page', () => {
    const light = themeProperties({ primary_color: '#ffd400', secondary_color: '#000', primary_font_color: null, font: null, color_scheme: 'light' });
    expect(light.scheme).toBe('light');
    expect(light.properties['--primary']).toBe('#ffd400');
    expect(light.properties['--on-primary']).toBe('#111417');
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    expect(contrast(rgb(light.properties['--accent-text']!), [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    const dark = themeProperties({
      primary_color: '#1a3d8f',
      secondary_color: '#000',
      primary_font_color: null,
      font: 'Inter',
      color_scheme: 'dark',
    });
    expect(dark.scheme).toBe('dark');
    expect(dark.properties['--on-primary']).toBe('#ffffff');
    expect(contrast(rgb(dark.properties['--accent-text']!), [0x16, 0x1a, 0x1f])).toBeGreaterThanOrEqual(4.5);
    expect(dark.properties['--font']).toBe('Inter, system-ui, sans-serif');
    // A font name that would break out of the property is not taken.
    expect(themeProperties({ ...dark, font: 'x; } body { display: none' } as never).properties['--font']).toBeUndefined();
    expect(themeProperties(null).properties['--primary']).toBe('#257bad');
  });
});

describe('the mini-app’s address and texts', () => {
  it('calls the API the frame’s address names, else the host’s', () => {
    expect(apiBaseOf(new URLSearchParams('apiUrl=http%3A%2F%2Flocalhost%3A8080%2Fapi%2F'), 'http://localhost:8080')).toBe(
      'http://localhost:8080/api',
    );
    expect(apiBaseOf(new URLSearchParams('apiUrl=javascript%3Aalert(1)'), 'http://localhost:8080')).toBe('http://localhost:8080/api');
    expect(apiBaseOf(new URLSearchParams(''), null)).toBe('/api');
  });

  it('has every text in the ten base languages, each a valid message with the English one’s arguments', () => {
    const argsOf = (message: string) =>
      parse(message)
        .filter((e) => 'value' in e && e.type === 1)
        .map((e) => (e as { value: string }).value)
        .sort();
    expect(Object.keys(VISITORS_CATALOGUES).sort()).toEqual(['de-DE', 'en', 'es-ES', 'fr-CA', 'fr-FR', 'it-IT', 'nb-NO', 'nl-NL', 'pl-PL', 'pt-PT']);
    for (const [locale, catalogue] of Object.entries(VISITORS_CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [id, message] of Object.entries(catalogue)) {
        expect(argsOf(message), `${locale} ${id}`).toEqual(argsOf(en[id as keyof typeof en]));
        if (locale !== 'en' && !['visitors.when'].includes(id)) expect(message, `${locale} ${id} is translated`).not.toBe(en[id as keyof typeof en]);
      }
    }
    expect(visitorsMessages('de').locale).toBe('de-DE');
    expect(visitorsMessages('en-GB').messages['visitors.title']).toBe('Visitors');
  });
});
