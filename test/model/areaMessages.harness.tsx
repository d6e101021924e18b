import { Suspense } from 'react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { IntlProvider } from 'react-intl';
import { AreaMessages } from '../../src/i18n/AreaMessages';
import { loadAreaCatalogue, type Area } from '../../src/i18n/areas';
import { englishCatalogue } from '../../src/i18n/locales';

/**
 * Loads areas' English messages once, through AreaMessages itself, so a view that wraps itself in them renders at
 * once in the paths after (React remembers the settled promise) instead of suspending in the first path's act.
 */
export async function warmAreaMessages(areas: readonly Area[]) {
  await Promise.all(areas.map((area) => loadAreaCatalogue(area, 'en')));
  await act(async () => {
    render(
      <IntlProvider locale="en" messages={englishCatalogue}>
        <Suspense fallback={null}>
          <AreaMessages areas={areas}>
            <span data-area-messages-warm="" />
          </AreaMessages>
        </Suspense>
      </IntlProvider>,
    );
  });
  // Until React has rendered what the messages wrap (it then knows the promise as settled): on a loaded machine the
  // catalogues' second import can take longer than any fixed wait, and a path would suspend on it after all.
  await waitFor(() => expect(document.querySelector('[data-area-messages-warm]')).not.toBeNull(), { timeout: 60_000 });
  cleanup();
}
