import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CompanyMark, initialsOf } from '../../src/ui/directory/parts';

afterEach(cleanup);

describe('CompanyMark', () => {
  it("draws a company without a logo as its initials, named on the company's page, decorative on a tile", () => {
    render(<CompanyMark name="Pine & Paper" logoUrl={null} size="page" label="Pine & Paper logo" />);
    expect(screen.getByRole('img', { name: 'Pine & Paper logo' }).textContent).toBe('PP');
    cleanup();
    render(<CompanyMark name="Acme Analytics" logoUrl={null} size="tile" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('company-monogram').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('company-monogram').textContent).toBe('AA');
  });

  it('shows a logo when the company has one, with its name as the alternative text where asked', () => {
    render(<CompanyMark name="Acme Analytics" logoUrl="/media/acme.svg" size="page" label="Acme Analytics logo" />);
    expect(screen.getByRole('img', { name: 'Acme Analytics logo' }).getAttribute('src')).toBe('/media/acme.svg');
    expect(screen.queryByTestId('company-monogram')).toBeNull();
  });

  it('takes the first letter of the first two words, accents and all', () => {
    expect(initialsOf('Łódź Æsthetics')).toBe('ŁÆ');
    expect(initialsOf('100% Organic')).toBe('1O');
    expect(initialsOf('O’Brien & O’Neil')).toBe('OO');
    expect(initialsOf('“Quoted” name')).toBe('QN');
    expect(initialsOf('Nimbus')).toBe('N');
  });
});
