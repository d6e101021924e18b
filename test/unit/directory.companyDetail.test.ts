import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { companyDetailMachine } from '../../machines/directory/companyDetail.machine';
import type { Company } from '../../machines/directory/directory.types';
import { flush } from '../fixtures/async';
import { company } from '../fixtures/directory';

function start(load: (input: { companyUuid: string }) => Promise<Company>) {
  const loadCompany = vi.fn(load);
  const openWebsite = vi.fn();
  const actor = createActor(
    companyDetailMachine.provide({
      actors: { loadCompany: fromPromise(({ input }) => loadCompany(input)) },
      actions: { openWebsite: (_, params) => openWebsite(params.url) },
    }),
    { input: { companyUuid: 'company-1' } },
  ).start();
  return { actor, loadCompany, openWebsite };
}

describe('companyDetailMachine', () => {
  it('loads the company by uuid', async () => {
    const { actor, loadCompany } = start(async () => company(1));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(loadCompany).toHaveBeenCalledWith({ companyUuid: 'company-1' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.company?.name).toBe('Company 01');
  });

  it('opens the website with http:// added when the scheme is missing (guard hasWebsite)', async () => {
    const { actor, openWebsite } = start(async () => company(1, ' acme.example/about '));
    await flush();
    actor.send({ type: 'user.openWebsite' });
    expect(openWebsite).toHaveBeenCalledExactlyOnceWith('http://acme.example/about');
  });

  it('keeps a URL that has a scheme', async () => {
    const { actor, openWebsite } = start(async () => company(1, 'https://acme.example'));
    await flush();
    actor.send({ type: 'user.openWebsite' });
    expect(openWebsite).toHaveBeenCalledExactlyOnceWith('https://acme.example');
  });

  it('offers no website when the company has none', async () => {
    for (const url of [null, '   ']) {
      const { actor, openWebsite } = start(async () => company(1, url));
      await flush();
      expect(actor.getSnapshot().can({ type: 'user.openWebsite' })).toBe(false);
      actor.send({ type: 'user.openWebsite' });
      expect(openWebsite).not.toHaveBeenCalled();
    }
  });

  it('is not found on 404 (guard notFound), failed with retry otherwise', async () => {
    const missing = start(() => Promise.reject({ status: 404, message: 'No company with this id' }));
    await flush();
    expect(missing.actor.getSnapshot().matches('notFound')).toBe(true);
    expect(missing.actor.getSnapshot().context.error?.status).toBe(404);

    const down = start(() => Promise.reject({ status: 500, message: 'boom' }));
    await flush();
    expect(down.actor.getSnapshot().matches('failed')).toBe(true);
    down.loadCompany.mockResolvedValueOnce(company(2));
    down.actor.send({ type: 'user.retry' });
    await flush();
    expect(down.actor.getSnapshot().matches('loaded')).toBe(true);
    expect(down.actor.getSnapshot().context).toMatchObject({ company: { name: 'Company 02' }, error: null });
  });
});
