import { describe, expect, it } from 'vitest';
import { samlLink } from '../../machines/auth/authFlow.screen';
import type { SamlProvider } from '../../machines/auth/authFlow.types';

const provider = (overrides: Partial<SamlProvider> = {}): SamlProvider => ({
  uuid: 'saml-1',
  name: 'Acme ADFS',
  single_signon_service: 'https://adfs.acme.test/adfs/ls?wa=wsignin1.0&x=1',
  ...overrides,
});

describe('samlLink (access document, section 7: the SAML link)', () => {
  it('points at the API’s /user-verification/samlResponse with serviceprovider, url, buildingUUID and token, encoded', () => {
    const link = new URL(samlLink('https://api.atrium.test/api', provider(), 'b-2', 'tok en&1'));
    expect(`${link.origin}${link.pathname}`).toBe('https://api.atrium.test/api/user-verification/samlResponse');
    expect([...link.searchParams.keys()]).toEqual(['serviceprovider', 'url', 'buildingUUID', 'token']);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      serviceprovider: 'Acme ADFS',
      url: 'https://adfs.acme.test/adfs/ls?wa=wsignin1.0&x=1',
      buildingUUID: 'b-2',
      token: 'tok en&1',
    });
  });

  it('keeps every key when nothing is known yet (no building, no token, no sign-on service), on a farm’s API too', () => {
    const link = samlLink('https://eu.api.test', provider({ single_signon_service: null }));
    expect(link).toBe('https://eu.api.test/user-verification/samlResponse?serviceprovider=Acme+ADFS&url=&buildingUUID=&token=');
  });
});
