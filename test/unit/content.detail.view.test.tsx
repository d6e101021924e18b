import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { contentDetailMachine, type ContentDetailInput } from '../../machines/content/contentDetail.machine';
import type { ContentView } from '../../machines/content/contentView';
import { ContentDetailPage } from '../../src/ui/content/ContentDetailPage';
import { makeBuilding } from '../fixtures/buildings';
import { contentView } from '../fixtures/content';
import { makeUser } from '../fixtures/people';
import { layKitStyles, renderInShell, shellApp } from './appShell.harness';

/**
 * The content screen as the flag show-rich-description and the event image's size draw it (content document, section
 * 9; access document, section 9).
 */
afterEach(cleanup);

const BUILDING = makeBuilding('b-1');
const INPUT: ContentDetailInput = {
  source: 'content',
  buildingUuid: 'b-1',
  uuid: 'e-1',
  links: { origin: 'https://tenant.atrium.test', miniApps: [] },
  now: '2026-11-22T12:00:00Z',
};

const EVENT = contentView({
  uuid: 'e-1',
  type: 'EVENT_POST',
  title: 'Rooftop yoga',
  description: 'Stretch with a view.',
  richDescription: '<p>Stretch with a <strong>view</strong>.</p>',
  imageUrl: 'https://cdn.test/yoga.jpg',
  imageAltText: 'People on mats',
});

/** The content screen of `content`, loaded, with the flag as given. */
async function contentScreen(content: ContentView, richDescription: boolean) {
  const logic = contentDetailMachine.provide({ actors: { load: fromPromise(async () => content) } });
  const shell = shellApp({
    user: makeUser(),
    building: { current: BUILDING, buildings: [BUILDING] },
    flags: { 'show-rich-description': richDescription },
    screens: { contentDetail: { logic, input: INPUT } },
  });
  await renderInShell(shell.app, () => <ContentDetailPage />);
  await screen.findByRole('heading', { level: 1, name: content.title });
  return shell;
}

const description = () => screen.getByTestId('content-description');

describe('show-rich-description', () => {
  it('shows the plain description with the flag off, and the rich one with it on', async () => {
    const { setFlags } = await contentScreen(EVENT, false);
    expect(description().innerHTML).toBe('Stretch with a view.');
    expect(description().querySelector('strong')).toBeNull();

    setFlags({ 'show-rich-description': true });
    expect(description().querySelector('strong')?.textContent).toBe('view');
    expect(description().textContent).toBe('Stretch with a view.');
  });

  it('falls back to the plain description, flag on, when a content has no rich one', async () => {
    await contentScreen({ ...EVENT, richDescription: null }, true);
    expect(description().innerHTML).toBe('Stretch with a view.');
  });
});

describe('the event image', () => {
  it('is 648×416: the picture’s size, its drawn ratio, and the article as wide as the picture', async () => {
    await contentScreen(EVENT, true);
    const image = screen.getByRole('img', { name: 'People on mats' });
    expect(image.getAttribute('src')).toBe('https://cdn.test/yoga.jpg');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['648', '416']);
    const removeStyles = layKitStyles();
    try {
      expect(getComputedStyle(image).aspectRatio.replace(/\s+/g, '')).toBe('648/416');
      expect(getComputedStyle(image).width).toBe('100%');
      expect(getComputedStyle(image.closest('article')!).maxWidth).toBe('648px');
    } finally {
      removeStyles();
    }
  });
});
