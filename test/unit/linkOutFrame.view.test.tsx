// The survey frame loads about:blank: let happy-dom load it rather than log that iframe pages are off.
// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "enableIframePageLoading": true } }
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { linkOutFrameMachine, type LinkOutEvent, type LinkOutKind } from '../../machines/linkOut/linkOutFrame.machine';
import { LinkOutFrame } from '../../src/ui/linkOut/LinkOutFrame';
import { loadAreaCatalogue } from '../../src/i18n/areas';
import { englishCatalogue } from '../../src/i18n/locales';
import { flush } from '../fixtures/async';

afterEach(cleanup);

/** The frame's view over its machine (the page's fetch answers a small document), opened on a blank page. */
async function openFrame(open: { kind: LinkOutKind; title?: string | null }, page: () => Promise<string> = async () => '<p>A page</p>') {
  const actor = createActor(
    linkOutFrameMachine.provide({
      actors: {
        fetchPage: fromPromise(page),
        closeMessages: fromCallback<LinkOutEvent>(() => () => {}),
      },
    }),
  ).start();
  const messages = await loadAreaCatalogue('linkOut', 'en');
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...messages }}>
      <LinkOutFrame actor={actor} />
    </IntlProvider>,
  );
  await act(async () => {
    actor.send({ type: 'linkOut.open', url: 'about:blank', ...open });
    await flush();
  });
  return actor;
}

describe('LinkOutFrame', () => {
  it.each(['survey', 'page'] as const)('names a %s frame, and its iframe, after the mini-app it opens', async (kind) => {
    await openFrame({ kind, title: 'Survey' });
    const dialog = screen.getByRole('dialog', { name: 'Survey' });
    expect(dialog.querySelector('h2')?.textContent).toBe('Survey');
    expect(dialog.querySelector('iframe')?.getAttribute('title')).toBe('Survey');
    expect(screen.queryByRole('dialog', { name: 'Mini-app' })).toBeNull();
  });

  it('keeps the generic title for a link no mini-app was registered for', async () => {
    await openFrame({ kind: 'page' });
    expect(screen.getByRole('dialog', { name: 'Mini-app' }).querySelector('iframe')?.getAttribute('title')).toBe('Mini-app');
  });

  it('has one Close button, labelled, focused on opening, that closes the frame', async () => {
    const actor = await openFrame({ kind: 'survey', title: 'Survey' });
    const [close, ...others] = screen.getAllByRole('button', { name: 'Close' });
    expect(others).toEqual([]);
    expect(document.activeElement).toBe(close);
    act(() => close!.click());
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  // Specification: 'Something went wrong. Page could not be loaded' is the frame's page_not_loaded text.
  it.each([
    ['the fetch fails', () => Promise.reject(new Error('offline'))],
    ['the text holds statusCode', async () => '{"statusCode":404}'],
  ])('shows page_not_loaded in place of the frame when %s', async (_, page) => {
    await openFrame({ kind: 'page' }, page);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Page could not be loaded');
    expect(screen.getByRole('dialog', { name: 'Mini-app' }).querySelector('iframe')).toBeNull();
  });
});
