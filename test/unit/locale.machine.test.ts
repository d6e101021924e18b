import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { localeMachine } from '../../machines/locale/locale.machine';
import { deferred } from '../fixtures/async';

type Catalogue = { locale: string; messages: Record<string, string> };

function setupLocale(requested: string | null, load: (input: { requested: string | null }) => Promise<Catalogue>) {
  const loadCatalogue = vi.fn(load);
  const rememberLocale = vi.fn();
  const actor = createActor(
    localeMachine.provide({ actors: { loadCatalogue: fromPromise(({ input }) => loadCatalogue(input)) }, actions: { rememberLocale } }),
    { input: { requested } },
  );
  actor.start();
  return { actor, loadCatalogue, rememberLocale };
}

const catalogueFor = (requested: string | null): Catalogue => {
  const locale = requested ?? 'en';
  return { locale, messages: { 'app.title': `title in ${locale}` } };
};

describe('localeMachine', () => {
  it('loads the requested catalogue, then remembers the locale', async () => {
    const pending = deferred<Catalogue>();
    const { actor, loadCatalogue, rememberLocale } = setupLocale('de_DE', () => pending.promise);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(loadCatalogue).toHaveBeenCalledWith({ requested: 'de_DE' });
    expect(actor.getSnapshot().context.locale).toBe('en');
    expect(rememberLocale).not.toHaveBeenCalled();

    pending.resolve({ locale: 'de-DE', messages: { 'app.title': 'Titel' } });
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(snapshot.context.locale).toBe('de-DE');
    expect(snapshot.context.messages).toEqual({ 'app.title': 'Titel' });
    expect(rememberLocale).toHaveBeenCalledTimes(1);
    expect(rememberLocale.mock.calls[0]![1]).toEqual({ locale: 'de-DE' });
  });

  it('a failed first load keeps English and no catalogue, and becomes ready', async () => {
    const { actor, rememberLocale } = setupLocale('fr-FR', async () => Promise.reject(new Error('chunk failed')));
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(snapshot.context.locale).toBe('en');
    expect(snapshot.context.messages).toBeNull();
    expect(rememberLocale).not.toHaveBeenCalled();
  });

  it('locale.set reloads with the new request', async () => {
    const { actor, loadCatalogue, rememberLocale } = setupLocale('en', async ({ requested }) => catalogueFor(requested));
    await waitFor(actor, (s) => s.hasTag('ready'));

    actor.send({ type: 'locale.set', requested: 'pl-PL' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.requested).toBe('pl-PL');
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(loadCatalogue).toHaveBeenLastCalledWith({ requested: 'pl-PL' });
    expect(snapshot.context.locale).toBe('pl-PL');
    expect(snapshot.context.messages).toEqual({ 'app.title': 'title in pl-PL' });
    expect(rememberLocale.mock.calls.map((call) => call[1])).toEqual([{ locale: 'en' }, { locale: 'pl-PL' }]);
  });

  it('a failed change keeps the old locale and catalogue', async () => {
    const { actor, rememberLocale } = setupLocale('it-IT', async ({ requested }) => {
      if (requested === 'nb-NO') throw new Error('chunk failed');
      return catalogueFor(requested);
    });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'locale.set', requested: 'nb-NO' });
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(snapshot.context.locale).toBe('it-IT');
    expect(snapshot.context.messages).toEqual({ 'app.title': 'title in it-IT' });
    expect(rememberLocale).toHaveBeenCalledTimes(1);
  });
});
