import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { customFarm, farmSelectorMachine } from '../../machines/farm/farmSelector.machine';
import type { Farm } from '../../machines/farm/farmSelector.types';
import { deferred, flush } from '../fixtures/async';

const FARMS: Farm[] = [
  { uuid: 'farm-local', description: 'Local (this server)', url: '/api' },
  { uuid: 'farm-staging', description: 'Staging', url: 'https://staging.atrium.localhost/api' },
];

function setupSelector(load: () => Promise<Farm[]> = async () => FARMS) {
  const chooseFarm = vi.fn();
  const loadFarms = vi.fn(load);
  const actor = createActor(
    farmSelectorMachine.provide({
      actors: { loadFarms: fromPromise(() => loadFarms()) },
      actions: { chooseFarm: (_, params) => chooseFarm(params.farm) },
    }),
  ).start();
  const can = () => actor.getSnapshot().can({ type: 'user.submit' });
  return { actor, chooseFarm, loadFarms, can };
}

describe('customFarm', () => {
  it('takes the url as the description and a www address as https', () => {
    expect(customFarm(' www.example.com/api/ ')).toEqual({ uuid: 'custom', description: 'www.example.com/api', url: 'https://www.example.com/api' });
    expect(customFarm('http://localhost:8080/api')).toEqual({
      uuid: 'custom',
      description: 'http://localhost:8080/api',
      url: 'http://localhost:8080/api',
    });
  });
});

describe('farmSelectorMachine', () => {
  it('loads the farm list, then lists it', async () => {
    const list = deferred<Farm[]>();
    const { actor } = setupSelector(() => list.promise);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    list.resolve(FARMS);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.farms).toEqual(FARMS);
  });

  it('keeps the failure and loads again on retry', async () => {
    const { actor, loadFarms } = setupSelector(() => Promise.reject({ status: 401, message: 'A valid farm list key is required' }));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 401, message: 'A valid farm list key is required' });
    loadFarms.mockResolvedValueOnce(FARMS);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(loadFarms).toHaveBeenCalledTimes(2);
  });

  it('cannot submit until a farm is chosen, then hands the farm over and ends', async () => {
    const { actor, chooseFarm, can } = setupSelector();
    await flush();
    expect(can()).toBe(false);
    actor.send({ type: 'user.chooseFarm', uuid: 'unknown' });
    expect(can()).toBe(false);
    actor.send({ type: 'user.chooseFarm', uuid: 'farm-local' });
    expect(can()).toBe(true);
    actor.send({ type: 'user.submit' });
    expect(chooseFarm).toHaveBeenCalledWith(FARMS[0]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("shows 'Invalid Farm url' for a bad custom URL after blur or submit, and does not choose it", async () => {
    const { actor, chooseFarm } = setupSelector();
    await flush();
    actor.send({ type: 'user.changeCustomUrl', value: 'staging.example' });
    expect(actor.getSnapshot().context.urlError).toBeNull();
    actor.send({ type: 'user.blurCustomUrl' });
    expect(actor.getSnapshot().context.urlError).toBe('invalid_url');
    actor.send({ type: 'user.changeCustomUrl', value: 'ftp://staging.example' });
    expect(actor.getSnapshot().context.urlError).toBeNull();
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.urlError).toBe('invalid_url');
    expect(chooseFarm).not.toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('accepts a custom URL of the http(s) or www pattern, even when the list failed', async () => {
    const { actor, chooseFarm } = setupSelector(() => Promise.reject(new Error('offline')));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'user.changeCustomUrl', value: 'https://qa.example.com/api' });
    actor.send({ type: 'user.blurCustomUrl' });
    expect(actor.getSnapshot().context.urlError).toBeNull();
    actor.send({ type: 'user.submit' });
    expect(chooseFarm).toHaveBeenCalledWith({ uuid: 'custom', description: 'https://qa.example.com/api', url: 'https://qa.example.com/api' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a custom URL replaces the chosen farm, and choosing a farm empties the custom URL', async () => {
    const { actor } = setupSelector();
    await flush();
    actor.send({ type: 'user.chooseFarm', uuid: 'farm-staging' });
    actor.send({ type: 'user.changeCustomUrl', value: 'www.example.com' });
    expect(actor.getSnapshot().context.chosen).toBeNull();
    actor.send({ type: 'user.chooseFarm', uuid: 'farm-local' });
    expect(actor.getSnapshot().context).toMatchObject({ chosen: 'farm-local', customUrl: '', urlError: null });
  });

  it('clearing goes back to the default API (no farm) and ends', async () => {
    const { actor, chooseFarm } = setupSelector();
    await flush();
    actor.send({ type: 'user.clearFarm' });
    expect(chooseFarm).toHaveBeenCalledWith(null);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
