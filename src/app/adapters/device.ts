/**
 * The application, operating-system and device fields of a help-desk request (content document, section 3), read
 * from the browser's user agent: what a help desk needs to reproduce a problem. A best reading, never a failure:
 * anything not recognised is left out.
 */
export interface DeviceFields {
  application_name: string;
  application_version: string;
  os_name?: string;
  os_version?: string;
  device_type: 'mobile' | 'tablet' | 'desktop';
  device_name?: string;
}

const dotted = (version: string | undefined) => version?.replace(/_/g, '.');

function osOf(ua: string): { name: string; version?: string } | null {
  let m: RegExpExecArray | null;
  if ((m = /Windows NT ([\d.]+)/.exec(ua))) return { name: 'Windows', version: m[1] };
  if ((m = /(?:iPhone|iPad|iPod).*? OS ([\d_]+)/.exec(ua))) return { name: 'iOS', version: dotted(m[1]) };
  if ((m = /Android ([\d.]+)/.exec(ua))) return { name: 'Android', version: m[1] };
  if ((m = /CrOS \S+ ([\d.]+)/.exec(ua))) return { name: 'ChromeOS', version: m[1] };
  if ((m = /Mac OS X ([\d_.]+)/.exec(ua))) return { name: 'macOS', version: dotted(m[1]) };
  if (/Linux/.test(ua)) return { name: 'Linux' };
  return null;
}

function browserOf(ua: string): string | null {
  const known: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /OPR\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ];
  for (const [name, pattern] of known) {
    const m = pattern.exec(ua);
    if (m) return `${name} ${m[1]}`;
  }
  return null;
}

function deviceTypeOf(ua: string): DeviceFields['device_type'] {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/.test(ua)) return 'mobile';
  return 'desktop';
}

/** The fields for a user agent; `app` names the web app and its version. */
export function deviceFields(userAgent: string, app: { name: string; version: string }): DeviceFields {
  const os = osOf(userAgent);
  const browser = browserOf(userAgent);
  const model = /\(([^)]*)\)/
    .exec(userAgent)?.[1]
    ?.split(';')
    .map((part) => part.trim());
  const androidModel = /Android/.test(userAgent)
    ? model?.find((part) => part && !/^(Linux|Android|U|wv|[a-z]{2}[-_][A-Z]{2})/.test(part))
    : undefined;
  const deviceName = [androidModel ?? /(iPhone|iPad|iPod|Macintosh)/.exec(userAgent)?.[1] ?? undefined, browser].filter(Boolean).join(', ');
  return {
    application_name: app.name,
    application_version: app.version,
    ...(os ? { os_name: os.name } : {}),
    ...(os?.version ? { os_version: os.version } : {}),
    device_type: deviceTypeOf(userAgent),
    ...(deviceName ? { device_name: deviceName.slice(0, 200) } : {}),
  };
}

/** This browser's fields. */
export const currentDeviceFields = (app: { name: string; version: string }) =>
  deviceFields(typeof navigator === 'undefined' ? '' : navigator.userAgent, app);
