import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LOCALE_PROBES, withoutLocaleProbes } from '../../scripts/build/intlLocaleProbe';

const library = readFileSync(createRequire(import.meta.url).resolve('@formatjs/intl'), 'utf8');

describe("the build's @formatjs/intl without its locale probe (decision 064)", () => {
  it('leaves out both questions from the installed version, and nothing else', () => {
    for (const probe of LOCALE_PROBES) expect(library).toContain(probe);
    const built = withoutLocaleProbes(library);
    expect(built).not.toContain('supportedLocalesOf');
    expect(built.length).toBe(library.length - LOCALE_PROBES.reduce((sum, probe) => sum + probe.length - 'false'.length, 0));
  });

  it('fails the build when a new version words the probe otherwise', () => {
    expect(() => withoutLocaleProbes(library.replace(LOCALE_PROBES[1], '!Intl.DateTimeFormat.supportedLocalesOf([locale]).length'))).toThrow(
      /locale probe .* has changed/,
    );
  });
});
