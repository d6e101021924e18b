import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { render } from '@testing-library/react';
import { englishCatalogue } from '../../src/i18n/locales';
import contentMessages from '../../src/i18n/areas/content/en.json';

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
