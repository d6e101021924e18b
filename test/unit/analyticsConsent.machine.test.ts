import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { analyticsConsentMachine, type AnalyticsConsent } from '../../machines/analytics/analyticsConsent.machine';
import { appMachine } from '../../machines/app/app.machine';
import { ANALYTICS_TAG_ATTRIBUTE, addAnalyticsTag, configureAnalyticsTag, removeAnalyticsTag } from '../../src/app/adapters/analyticsTag';
import { persistAnalyticsConsent, persistedAnalyticsConsent, persistAuth, persistedAuth } from '../../src/app/adapters/storage';

function setupConsent(persisted?: AnalyticsConsent) {
  const calls = { addTag: vi.fn(), removeTag: vi.fn(), persistConsent: vi.fn() };
  const actor = createActor(
    analyticsConsentMachine.provide({
      actions: {
        addTag: () => calls.addTag(),
        removeTag: () => calls.removeTag(),
        persistConsent: (_, { consent }) => calls.persistConsent(consent),
      },
    }),
    { input: { persisted } },
  ).start();
  return { actor, calls };
}

const tags = () => document.head.querySelectorAll(`script[${ANALYTICS_TAG_ATTRIBUTE}]`);

afterEach(() => {
  removeAnalyticsTag();
  configureAnalyticsTag(null);
  localStorage.clear();
});

describe('analyticsConsentMachine', () => {
  it('starts unknown with no tag until the person chooses', () => {
    const { actor, calls } = setupConsent();
    expect(actor.getSnapshot().value).toBe('unknown');
    expect(calls.addTag).not.toHaveBeenCalled();
    expect(calls.removeTag).not.toHaveBeenCalled();
    expect(calls.persistConsent).not.toHaveBeenCalled();
  });

  it('a grant adds the tag and keeps the choice; a withdrawal removes it and keeps that', () => {
    const { actor, calls } = setupConsent();
    actor.send({ type: 'user.grant' });
    expect(actor.getSnapshot().value).toBe('granted');
    expect(actor.getSnapshot().hasTag('granted')).toBe(true);
    expect(calls.persistConsent).toHaveBeenLastCalledWith('granted');
    expect(calls.addTag).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'user.grant' })).toBe(false);

    actor.send({ type: 'user.withdraw' });
    expect(actor.getSnapshot().value).toBe('withdrawn');
    expect(calls.persistConsent).toHaveBeenLastCalledWith('withdrawn');
    expect(calls.removeTag).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'user.withdraw' })).toBe(false);

    actor.send({ type: 'user.grant' });
    expect(actor.getSnapshot().value).toBe('granted');
    expect(calls.addTag).toHaveBeenCalledTimes(2);
  });

  it('before a choice only consent can be given: there is nothing to withdraw, so nothing is kept', () => {
    const { actor, calls } = setupConsent();
    expect(actor.getSnapshot().can({ type: 'user.withdraw' })).toBe(false);
    actor.send({ type: 'user.withdraw' });
    expect(actor.getSnapshot().value).toBe('unknown');
    expect(calls.persistConsent).not.toHaveBeenCalled();
    expect(calls.addTag).not.toHaveBeenCalled();
  });

  it('resumes a kept choice at start without keeping it again', () => {
    const granted = setupConsent('granted');
    expect(granted.actor.getSnapshot().value).toBe('granted');
    expect(granted.calls.addTag).toHaveBeenCalledTimes(1);
    expect(granted.calls.persistConsent).not.toHaveBeenCalled();

    const withdrawn = setupConsent('withdrawn');
    expect(withdrawn.actor.getSnapshot().value).toBe('withdrawn');
    expect(withdrawn.calls.addTag).not.toHaveBeenCalled();
  });

  it('is a long-lived child of the app, started with the kept choice', () => {
    const app = createActor(appMachine, { input: { requestedLocale: null, analyticsConsent: 'granted' } }).start();
    const consent = app.system.get('analyticsConsent');
    expect(consent?.getSnapshot().value).toBe('granted');
    app.stop();
  });
});

describe('the analytics tag in the page', () => {
  it('is added only with consent and a configured URL, whichever comes first, and removed on withdrawal', () => {
    addAnalyticsTag();
    expect(tags()).toHaveLength(0);
    configureAnalyticsTag('https://tag.example/analytics.js');
    expect(tags()).toHaveLength(1);
    const script = tags()[0] as HTMLScriptElement;
    expect(script.async).toBe(true);
    expect(script.getAttribute('src')).toBe('https://tag.example/analytics.js');
    addAnalyticsTag();
    expect(tags()).toHaveLength(1);
    removeAnalyticsTag();
    expect(tags()).toHaveLength(0);
  });

  it('stays off without a configured URL', () => {
    configureAnalyticsTag(null);
    addAnalyticsTag();
    expect(tags()).toHaveLength(0);
  });
});

describe('the kept consent', () => {
  it('lives in the root key beside auth and leaves auth alone', () => {
    const auth = { token: 't', refreshToken: 'r' } as unknown as Parameters<typeof persistAuth>[0];
    persistAuth(auth);
    persistAnalyticsConsent('granted');
    expect(persistedAnalyticsConsent()).toBe('granted');
    expect(persistedAuth()).toEqual(auth);
    expect(JSON.parse(localStorage.getItem('root')!).analytics).toEqual({ consent: 'granted' });
    persistAuth(null);
    expect(persistedAnalyticsConsent()).toBe('granted');
    persistAnalyticsConsent('withdrawn');
    expect(persistedAnalyticsConsent()).toBe('withdrawn');
  });
});
