import { describe, it, expect } from 'vitest';
import {
  FARM_TOKEN,
  PASSWORD_RULES,
  isFarmToken,
  isValidCode,
  isValidEmail,
  isValidFarmUrl,
  isValidPassword,
  isValidProfileName,
  isValidSignupName,
  passwordRulesMet,
  type PasswordRule,
} from '../../machines/auth/validation';

describe('isValidEmail', () => {
  it.each(['ada@acme.com', 'first.last+tag@mail.example.co.uk', 'a@b.io', '  ada@acme.com  ', 'UPPER@ACME.COM'])('accepts %j', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'plain',
    'ada@',
    '@acme.com',
    'ada@acme',
    'ada@acme.c',
    'ada@acme.com.',
    'a da@acme.com',
    'ada@ac me.com',
    'ada@@acme.com',
    'ada@acme@corp.com',
    'ada@.com',
  ])('rejects %j', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });
});

describe('names', () => {
  it.each([
    ['Al', true],
    ['Ada', true],
    ['A', false],
    ['', false],
    ['   ', false],
    [' A ', false],
    ['  Jo ', true],
  ] as const)('sign-up name %j → %s (two characters after trimming)', (value, valid) => {
    expect(isValidSignupName(value)).toBe(valid);
  });

  it.each([
    ['A', true],
    [' A ', true],
    ['Ada', true],
    ['', false],
    ['   ', false],
    ['\t\n', false],
  ] as const)('profile name %j → %s (one character after trimming)', (value, valid) => {
    expect(isValidProfileName(value)).toBe(valid);
  });
});

describe('password rules', () => {
  const none: Record<PasswordRule, boolean> = { length: false, lower: false, upper: false, number: false, special: false };

  it('lists the five rules', () => {
    expect([...PASSWORD_RULES].sort()).toEqual(['length', 'lower', 'number', 'special', 'upper']);
  });

  it.each([
    ['length', '        '],
    ['lower', 'a'],
    ['upper', 'A'],
    ['number', '7'],
    ['special', '!'],
  ] as const)('%s alone is met by %j', (rule, password) => {
    // '        ' (8 spaces) also counts as special characters: spaces are neither letters nor digits.
    const expected = rule === 'length' ? { ...none, length: true, special: true } : { ...none, [rule]: true };
    expect(passwordRulesMet(password)).toEqual(expected);
  });

  it('length needs at least 8 characters', () => {
    expect(passwordRulesMet('Abcde1!').length).toBe(false);
    expect(passwordRulesMet('Abcdef1!').length).toBe(true);
  });

  it('an empty password meets no rule', () => {
    expect(passwordRulesMet('')).toEqual(none);
  });

  it.each([
    ['Abcdef1!', true],
    ['Abcde1!', false],
    ['abcdef1!', false],
    ['ABCDEF1!', false],
    ['Abcdefg!', false],
    ['Abcdefg1', false],
    ['Correct-Horse-9', true],
  ] as const)('isValidPassword(%j) → %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid);
  });
});

describe('isValidCode', () => {
  it.each([
    ['1234', true],
    ['0000', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
    ['12 4', false],
    [' 1234', false],
    ['', false],
    ['１２３４', false],
  ] as const)('%j → %s', (code, valid) => {
    expect(isValidCode(code)).toBe(valid);
  });
});

describe('farm token', () => {
  it('is #farm', () => {
    expect(FARM_TOKEN).toBe('#farm');
  });

  it.each([
    ['#farm', true],
    ['#FARM', true],
    ['  #Farm  ', true],
    ['farm', false],
    ['#farms', false],
    ['ada@acme.com', false],
    ['', false],
  ] as const)('%j → %s', (value, expected) => {
    expect(isFarmToken(value)).toBe(expected);
  });
});

describe('isValidFarmUrl', () => {
  it.each([
    'https://staging.atrium.localhost/api',
    'http://localhost:8080/api',
    'HTTPS://EXAMPLE.COM',
    'www.example.com',
    'www.example.co.uk/api',
    '  https://a.example/api?x=1  ',
  ])('accepts %j', (value) => {
    expect(isValidFarmUrl(value)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'example.com',
    'ftp://example.com',
    'http://',
    'https:// example.com',
    'www.example',
    'www.',
    'not a url',
    '/api',
    'javascript:alert(1)',
  ])('rejects %j', (value) => {
    expect(isValidFarmUrl(value)).toBe(false);
  });
});
