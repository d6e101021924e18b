import { describe, expect, it } from 'vitest';
import { deviceFields } from '../../src/app/adapters/device';
import { supportRequestForm } from '../../src/api/helpDesk';

const APP = { name: 'Atrium web app', version: '3.5.0' };

describe('device fields of a support request', () => {
  it('reads Windows and Chrome on a desktop', () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(deviceFields(ua, APP)).toEqual({
      application_name: 'Atrium web app',
      application_version: '3.5.0',
      os_name: 'Windows',
      os_version: '10.0',
      device_type: 'desktop',
      device_name: 'Chrome 131.0.0.0',
    });
  });

  it('reads an iPhone with Safari', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(deviceFields(ua, APP)).toMatchObject({ os_name: 'iOS', os_version: '17.4.1', device_type: 'mobile', device_name: 'iPhone, Safari 17.4' });
  });

  it('reads an Android phone’s model and an Android tablet', () => {
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    expect(deviceFields(phone, APP)).toMatchObject({
      os_name: 'Android',
      os_version: '14',
      device_type: 'mobile',
      device_name: 'Pixel 8, Chrome 131.0.0.0',
    });
    const tablet = 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    expect(deviceFields(tablet, APP)).toMatchObject({ device_type: 'tablet' });
  });

  it('leaves out what it does not recognise', () => {
    expect(deviceFields('curl/8.0', APP)).toEqual({ application_name: 'Atrium web app', application_version: '3.5.0', device_type: 'desktop' });
  });

  it('puts the fields, the device and every file into the multipart body', () => {
    const a = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const b = new File(['png'], 'b.png', { type: 'image/png' });
    const form = supportRequestForm(
      {
        nature: 'web',
        subject: 'Blank page',
        description: 'It stays blank',
        files: [a, b],
        buildingUuid: 'b-1',
        assetUuid: 'a-1',
        portfolioUuid: 'p-1',
        buildingName: null,
        requester: { name: 'Dana Demo', email: 'dana@northwind.example', companyName: null },
      },
      { application_name: 'Atrium web app', os_name: 'Linux' },
    );
    expect(form.get('issue_type')).toBe('web');
    // The building's asset and portfolio; its name only where the portfolio uses categories (not here).
    expect(form.get('asset_uuid')).toBe('a-1');
    expect(form.get('portfolio_uuid')).toBe('p-1');
    expect(form.has('building_name')).toBe(false);
    expect(form.get('subject')).toBe('Blank page');
    expect(form.get('building_uuid')).toBe('b-1');
    expect(form.get('email_address')).toBe('dana@northwind.example');
    expect(form.has('company_name')).toBe(false);
    expect(form.get('os_name')).toBe('Linux');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.png']);
  });
});
