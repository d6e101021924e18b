import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { render } from '@testing-library/react';
import { englishCatalogue } from '../../src/i18n/locales';
import contentMessages from '../../src/i18n/areas/content/en.json';
import type { ContentView } from '../../machines/content/contentView';

/** Renders a content screen's part in English, core and content messages, as the app does. */
export const renderInEnglish = (ui: ReactNode) =>
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...contentMessages }}>
      {ui}
    </IntlProvider>,
  );

interface Pending {
  name: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The flow's calls as promises a test settles by hand, one at a time, as the model's `api.*` events say. */
export class PendingCalls {
  private pending: Pending | null = null;
  readonly names: string[] = [];

  call<T>(name: string): Promise<T> {
    this.names.push(name);
    return new Promise<T>((resolve, reject) => (this.pending = { name, resolve: resolve as (value: unknown) => void, reject }));
  }

  take(names: string[]): Pending {
    const pending = this.pending;
    if (!pending || !names.includes(pending.name)) throw new Error(`expected a pending ${names.join(' or ')}, found ${pending?.name ?? 'none'}`);
    this.pending = null;
    return pending;
  }
}

export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A content as the screens get it, with the call-to-action fields a test cares about. */
export function contentView(overrides: Partial<ContentView['cta']> & { type?: string; title?: string } = {}): ContentView {
  const { type = 'EVENT_POST', title = 'Morning yoga', ...cta } = overrides;
  return {
    uuid: 'c-1',
    buildingUuid: 'b-1',
    type,
    title,
    subtitle: null,
    description: null,
    richDescription: null,
    imageUrl: null,
    imageAltText: null,
    host: null,
    price: null,
    currency: null,
    startAt: null,
    endAt: null,
    timezone: null,
    address: null,
    directions: null,
    virtualText: null,
    virtualUrl: null,
    virtualDirections: null,
    cta: {
      type: null,
      url: null,
      label: null,
      atLimitText: null,
      count: 0,
      userCount: 0,
      capacity: null,
      maxClaimsPerUser: 1,
      maxClaimsTotal: null,
      displayStartAt: null,
      displayEndAt: null,
      isRsvp: false,
      isClaim: false,
      isClaimable: true,
      isEligible: true,
      attachableAmenityUuid: null,
      attachableCompanyUuid: null,
      attachableContentUuid: null,
      attachSecondaryContent: false,
      ...cta,
      myClaim: cta.myClaim ?? null,
    },
  };
}
