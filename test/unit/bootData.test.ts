import { describe, expect, it } from 'vitest';
import { once, readBootData } from '../../src/app/adapters/boot';
import { BOOT_DATA_ID } from '../../contracts/boot';
import { FALLBACK_RUNTIME_CONFIG } from '../../contracts/runtimeConfig';

const pageWith = (text: string | null) => {
  const doc = document.implementation.createHTMLDocument('page');
  if (text !== null) {
    const element = doc.createElement('script');
    element.id = BOOT_DATA_ID;
    element.type = 'application/json';
    element.textContent = text;
    doc.head.append(element);
  }
  return doc;
};

describe('readBootData', () => {
  it('reads what the server wrote into the page', () => {
    const boot = { config: FALLBACK_RUNTIME_CONFIG, whitelabel: null, flags: null, healthy: true };
    expect(readBootData(pageWith(JSON.stringify(boot)))).toEqual(boot);
  });

  it('is null on a page without it, with broken JSON, or without a configuration (start-up then asks the server)', () => {
    expect(readBootData(pageWith(null))).toBeNull();
    expect(readBootData(pageWith('{"config":'))).toBeNull();
    expect(readBootData(pageWith('{"whitelabel":null}'))).toBeNull();
    expect(readBootData(pageWith('null'))).toBeNull();
  });
});

describe('once', () => {
  it('hands the value out the first time only', () => {
    const take = once('value');
    expect(take()).toBe('value');
    expect(take()).toBeNull();
    expect(once(undefined)()).toBeNull();
  });
});
