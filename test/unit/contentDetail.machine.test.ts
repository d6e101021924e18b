import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import {
  CONTENT_DETAIL_ID,
  claimInput,
  contentDetailMachine,
  rsvpInput,
  type ContentDetailContext,
  type ContentDetailInput,
} from '../../machines/content/contentDetail.machine';
import { rsvpMachine, type RsvpCounts } from '../../machines/content/rsvp.machine';
import { claimMachine, type ClaimCounts } from '../../machines/content/claim.machine';
import { linkOutFrameMachine } from '../../machines/linkOut/linkOutFrame.machine';
import type { CallToAction, ContentSource, ContentView } from '../../machines/content/contentView';
import { deferred, flush } from '../fixtures/async';
import { contentView } from '../fixtures/content';

const NOW = '2026-11-22T12:00:00Z';

const input = (overrides: Partial<ContentDetailInput> = {}): ContentDetailInput => ({
  source: 'content',
  buildingUuid: 'b-1',
  uuid: 'c-1',
  links: { origin: 'https://tenant.atrium.test', miniApps: ['/mfe-survey/', 'https://mfe.test/', 'https://x.test/mfe-survey'] },
  now: NOW,
  ...overrides,
});

const rsvpView = () =>
  contentView({
    uuid: 'e-1',
    buildingUuid: 'b-7',
    type: 'EVENT_POST',
    cta: {
      type: 'RSVP',
      isRsvp: true,
      label: 'RSVP',
      capacity: 20,
      count: 7,
      userCount: 0,
      isClaimable: true,
      url: null,
      displayStartAt: '2026-11-01T00:00:00Z',
      displayEndAt: '2026-11-30T00:00:00Z',
    },
  });

const claimView = () =>
  contentView({
    uuid: 'o-1',
    buildingUuid: 'b-8',
    type: 'OFFER',
    cta: {
      type: 'CLAIM',
      isClaim: true,
      label: 'Claim',
      count: 4,
      userCount: 1,
      maxClaimsPerUser: 3,
      maxClaimsTotal: 10,
      isClaimable: true,
      isEligible: true,
      displayStartAt: '2026-11-02T00:00:00Z',
      displayEndAt: '2026-12-02T00:00:00Z',
    },
  });

type LoadInput = { source: ContentSource; buildingUuid: string; uuid: string };

/**
 * A content screen with stubs: `load` answers through the given function; the actions are spies. With `wireFrame`,
 * openFrame sends to the linkOut child as the app does (src/app/content.ts).
 */
function detail(load: (input: LoadInput) => Promise<ContentView>, options: { input?: Partial<ContentDetailInput>; wireFrame?: boolean } = {}) {
  const spies = {
    load: vi.fn(load),
    openInNewTab: vi.fn<(url: string) => void>(),
    navigate: vi.fn<(to: string) => void>(),
    openFrame: vi.fn<(params: { url: string; kind: 'page' | 'survey' }) => void>(),
    fetchPage: vi.fn(async (url: string) => `<html>${url}</html>`),
    attend: vi.fn(async (): Promise<RsvpCounts> => ({ capacity: 20, attendeeCount: 8, userCount: 1, isClaimable: true })),
    claim: vi.fn(async (): Promise<ClaimCounts> => ({ userCount: 2, count: 5, isClaimable: true })),
  };
  const machine = contentDetailMachine.provide({
    actors: {
      load: fromPromise(({ input }) => spies.load(input)),
      rsvp: rsvpMachine.provide({
        actors: {
          attend: fromPromise(() => spies.attend()),
          recall: fromPromise(async (): Promise<RsvpCounts> => ({ capacity: 20, attendeeCount: 7, userCount: 0, isClaimable: true })),
          refresh: fromPromise(async (): Promise<RsvpCounts> => ({ capacity: 20, attendeeCount: 7, userCount: 0, isClaimable: true })),
        },
      }),
      claim: claimMachine.provide({
        actors: {
          claim: fromPromise(() => spies.claim()),
          cancel: fromPromise(async (): Promise<ClaimCounts> => ({ userCount: 0, count: 3, isClaimable: true })),
          refresh: fromPromise(async (): Promise<ClaimCounts> => ({ userCount: 1, count: 4, isClaimable: true })),
        },
      }),
      linkOut: linkOutFrameMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => spies.fetchPage(input.url)) } }),
    },
    actions: {
      openInNewTab: (_, { url }) => spies.openInNewTab(url),
      navigate: (_, { to }) => spies.navigate(to),
      openFrame: ({ self }, params) => {
        spies.openFrame(params);
        if (options.wireFrame) self.getSnapshot().children.linkOut?.send({ type: 'linkOut.open', url: params.url, kind: params.kind });
      },
    },
  });
  const actor = createActor(machine, { input: input(options.input) }).start();
  return { actor, spies };
}

type DetailActor = ReturnType<typeof detail>['actor'];
/** The flow children, typed as the page reads them (src/ui/content/ContentDetailPage.tsx). */
const rsvpChild = (actor: DetailActor) => actor.getSnapshot().children.rsvp as ActorRefFrom<typeof rsvpMachine> | undefined;
const claimChild = (actor: DetailActor) => actor.getSnapshot().children.claim as ActorRefFrom<typeof claimMachine> | undefined;

const loaded = (content: ContentView) => () => Promise.resolve(content);
const never = () => new Promise<ContentView>(() => {});

async function loadedDetail(content: ContentView, options: { wireFrame?: boolean } = {}) {
  const result = detail(loaded(content), options);
  await waitFor(result.actor, (s) => s.matches('loaded'));
  return result;
}

describe('contentDetailMachine: loading', () => {
  it('starts loading with its input and no content or error, and loads through its source', () => {
    const { actor, spies } = detail(never, { input: { source: 'event_post', buildingUuid: 'b-3', uuid: 'e-9' } });
    const snapshot = actor.getSnapshot();
    expect(CONTENT_DETAIL_ID).toBe('contentDetail');
    expect(snapshot.matches('loading')).toBe(true);
    expect(snapshot.hasTag('loading')).toBe(true);
    expect(snapshot.context).toEqual({
      source: 'event_post',
      buildingUuid: 'b-3',
      uuid: 'e-9',
      links: input().links,
      now: NOW,
      content: null,
      error: null,
    });
    expect(spies.load).toHaveBeenCalledTimes(1);
    expect(spies.load).toHaveBeenCalledWith({ source: 'event_post', buildingUuid: 'b-3', uuid: 'e-9' });
  });

  it.each(['content', 'event_post', 'offer', 'post'] as const)('passes the %s source to load', (source) => {
    const { spies } = detail(never, { input: { source } });
    expect(spies.load.mock.calls[0]?.[0].source).toBe(source);
  });

  it('keeps the loaded content and leaves loading', async () => {
    const content = contentView({ cta: { type: 'EXTERNAL_LINK', url: 'https://x.test' } });
    const { actor } = detail(loaded(content));
    await waitFor(actor, (s) => s.matches('loaded'));
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.content).toEqual(content);
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.hasTag('loading')).toBe(false);
    expect(snapshot.hasTag('failed')).toBe(false);
  });

  it('a 404 is not found, keeping the error; it offers no retry', async () => {
    const { actor, spies } = detail(() => Promise.reject({ status: 404, message: 'Not Found' }));
    await waitFor(actor, (s) => s.matches('notFound'));
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('notFound')).toBe(true);
    expect(snapshot.hasTag('loading')).toBe(false);
    expect(snapshot.context.error).toEqual({ status: 404, message: 'Not Found' });
    expect(snapshot.context.content).toBeNull();
    expect(snapshot.can({ type: 'user.retry' })).toBe(false);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
    expect(spies.load).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      { status: 500, message: 'Internal Server Error' },
      { status: 500, message: 'Internal Server Error' },
    ],
    [
      { status: 403, message: 'Forbidden' },
      { status: 403, message: 'Forbidden' },
    ],
    [new TypeError('Failed to fetch'), { status: 0, message: 'Failed to fetch' }],
    [{ status: 503 }, { status: 503, message: '' }],
    [undefined, { status: 0, message: '' }],
  ])('any other failure (%o) fails with the error kept', async (error, kept) => {
    const { actor } = detail(() => Promise.reject(error));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(kept);
    expect(actor.getSnapshot().context.content).toBeNull();
  });

  it('a thrown Error with no status is never taken for not found', async () => {
    const { actor } = detail(() => Promise.reject(new Error('404')));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 0, message: '404' });
  });

  it('retries from failed: loads again and, on success, clears the error', async () => {
    const answers = [deferred<ContentView>(), deferred<ContentView>()];
    let call = 0;
    const { actor, spies } = detail(() => answers[call++]!.promise);
    answers[0]!.reject({ status: 502, message: 'Bad Gateway' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().can({ type: 'user.retry' })).toBe(true);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(spies.load).toHaveBeenCalledTimes(2);
    expect(spies.load).toHaveBeenLastCalledWith({ source: 'content', buildingUuid: 'b-1', uuid: 'c-1' });
    const content = contentView();
    answers[1]!.resolve(content);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.content).toEqual(content);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a retry can fail again (with the new error) or find the content gone', async () => {
    const errors = [
      { status: 500, message: 'first' },
      { status: 503, message: 'second' },
      { status: 404, message: 'gone' },
    ];
    let call = 0;
    const { actor } = detail(() => Promise.reject(errors[call++]));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 500, message: 'first' });
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('failed') && s.context.error?.message === 'second');
    expect(actor.getSnapshot().context.error).toEqual({ status: 503, message: 'second' });
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('notFound'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 404, message: 'gone' });
  });

  it('takes no retry or CTA while loading', () => {
    const { actor, spies } = detail(never);
    expect(actor.getSnapshot().can({ type: 'user.retry' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.followCta' })).toBe(false);
    actor.send({ type: 'user.retry' });
    actor.send({ type: 'user.followCta' });
    expect(spies.load).toHaveBeenCalledTimes(1);
    expect(spies.openInNewTab).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(spies.openFrame).not.toHaveBeenCalled();
  });

  it('without a provided load, fails (the default load rejects)', async () => {
    const actor = createActor(contentDetailMachine, { input: input() }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 0, message: 'load is not provided' });
  });
});

describe('contentDetailMachine: deciding the call-to-action', () => {
  it('runs the RSVP flow as a child for an RSVP, with its input from the content', async () => {
    const { actor } = await loadedDetail(rsvpView());
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ loaded: 'rsvp' })).toBe(true);
    expect(snapshot.hasTag('cta:rsvpFlow')).toBe(true);
    expect(snapshot.hasTag('cta:claimFlow')).toBe(false);
    expect(snapshot.children.claim).toBeUndefined();
    const child = rsvpChild(actor);
    expect(child).toBeDefined();
    expect(child?.getSnapshot().context).toEqual({
      contentUuid: 'e-1',
      buildingUuid: 'b-7',
      capacity: 20,
      attendeeCount: 7,
      userCount: 0,
      ctaUrl: null,
      ctaLabel: 'RSVP',
      displayStartAt: '2026-11-01T00:00:00Z',
      displayEndAt: '2026-11-30T00:00:00Z',
      endAt: null,
      isClaimable: true,
      now: NOW,
      error: null,
    });
    expect(child?.getSnapshot().hasTag('cta:rsvp')).toBe(true);
  });

  it('the RSVP child runs its flow with the content screen’s now', async () => {
    const { actor, spies } = await loadedDetail(rsvpView());
    const child = rsvpChild(actor)!;
    child.send({ type: 'user.rsvp' });
    child.send({ type: 'user.confirm' });
    await waitFor(child, (s) => s.hasTag('modal:rsvpConfirmed'));
    expect(spies.attend).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ loaded: 'rsvp' })).toBe(true);
  });

  it('runs the claim flow as a child for a claim, with its input from the content', async () => {
    const { actor } = await loadedDetail(claimView());
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ loaded: 'claim' })).toBe(true);
    expect(snapshot.hasTag('cta:claimFlow')).toBe(true);
    expect(snapshot.hasTag('cta:rsvpFlow')).toBe(false);
    expect(snapshot.children.rsvp).toBeUndefined();
    const child = claimChild(actor);
    expect(child?.getSnapshot().context).toEqual({
      contentUuid: 'o-1',
      buildingUuid: 'b-8',
      isEligible: true,
      isClaimable: true,
      userCount: 1,
      count: 4,
      maxClaimsPerUser: 3,
      maxClaimsTotal: 10,
      displayStartAt: '2026-11-02T00:00:00Z',
      displayEndAt: '2026-12-02T00:00:00Z',
      endAt: null,
      now: NOW,
      myClaim: null,
      error: null,
    });
    // One of three claimed, room left: the claim button shows.
    expect(child?.getSnapshot().matches('available')).toBe(true);
  });

  it('a CLAIM type without the claim flag still runs the claim flow', async () => {
    const { actor } = await loadedDetail(contentView({ cta: { type: 'CLAIM', isClaim: false } }));
    expect(actor.getSnapshot().matches({ loaded: 'claim' })).toBe(true);
  });

  it('RSVP wins over claim when both flags are set', async () => {
    const { actor } = await loadedDetail(contentView({ cta: { isRsvp: true, isClaim: true } }));
    expect(actor.getSnapshot().matches({ loaded: 'rsvp' })).toBe(true);
  });

  it.each([
    ['an external link', { type: 'EXTERNAL_LINK', url: 'https://x.test' }],
    ['an internal link', { type: 'INTERNAL_LINK', attachableAmenityUuid: 'am-1' }],
    ['a micro-frontend', { type: 'MICRO_FRONTEND', url: 'https://mfe.test' }],
    ['a survey', { type: 'EXTERNAL_LINK', url: 'https://x.test/mfe-survey' }],
    ['no call-to-action', {}],
  ])('shows a link for %s, with no flow child', async (_, c) => {
    const { actor } = await loadedDetail(contentView({ cta: c }));
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ loaded: 'link' })).toBe(true);
    expect(snapshot.hasTag('cta:rsvpFlow') || snapshot.hasTag('cta:claimFlow')).toBe(false);
    expect(snapshot.children.rsvp).toBeUndefined();
    expect(snapshot.children.claim).toBeUndefined();
  });
});

describe('contentDetailMachine: following a link call-to-action', () => {
  it('opens an external URL in a new tab', async () => {
    const { actor, spies } = await loadedDetail(contentView({ cta: { type: 'EXTERNAL_LINK', url: 'https://tickets.test/e-1?x=1' } }));
    expect(actor.getSnapshot().can({ type: 'user.followCta' })).toBe(true);
    actor.send({ type: 'user.followCta' });
    expect(spies.openInNewTab).toHaveBeenCalledTimes(1);
    expect(spies.openInNewTab).toHaveBeenCalledWith('https://tickets.test/e-1?x=1');
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(spies.openFrame).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ loaded: 'link' })).toBe(true);
  });

  it('opens a URL with no CTA type (a deep link) in a new tab, each time it is followed', async () => {
    const { actor, spies } = await loadedDetail(contentView({ cta: { url: 'myapp://open/thing' } }));
    actor.send({ type: 'user.followCta' });
    actor.send({ type: 'user.followCta' });
    expect(spies.openInNewTab.mock.calls).toEqual([['myapp://open/thing'], ['myapp://open/thing']]);
  });

  it.each([
    [{ attachableAmenityUuid: 'am-1' }, '/building/b-1/amenities/am-1'],
    [{ attachableCompanyUuid: 'co 1' }, '/building/b-1/companies/co%201'],
    [{ attachableContentUuid: 'c-2' }, '/building/b-1/content/c-2'],
    [{ attachSecondaryContent: true }, '/building/b-1/#discover'],
  ] satisfies [Partial<CallToAction>, string][])('navigates for an internal link (%o)', async (attachment, to) => {
    const { actor, spies } = await loadedDetail(contentView({ cta: { type: 'INTERNAL_LINK', ...attachment } }));
    actor.send({ type: 'user.followCta' });
    expect(spies.navigate).toHaveBeenCalledTimes(1);
    expect(spies.navigate).toHaveBeenCalledWith(to);
    expect(spies.openInNewTab).not.toHaveBeenCalled();
    expect(spies.openFrame).not.toHaveBeenCalled();
  });

  it('navigates to the mobile-only page for a native link, remembering the content’s page', async () => {
    const { actor, spies } = await loadedDetail(contentView({ cta: { type: 'NATIVE_LINK', url: 'app://native' } }));
    actor.send({ type: 'user.followCta' });
    expect(spies.navigate).toHaveBeenCalledWith('/mobile-only?from=%2Fbuilding%2Fb-1%2Fcontent%2Fc-1');
  });

  it('sends a deep link into the app’s own scheme to the mobile-only page, and a web deep link to a new tab', async () => {
    const app = await loadedDetail(contentView({ cta: { type: 'DEEP_LINK', url: 'atrium://wallet/badge' } }));
    app.actor.send({ type: 'user.followCta' });
    expect(app.spies.navigate).toHaveBeenCalledWith('/mobile-only?from=%2Fbuilding%2Fb-1%2Fcontent%2Fc-1');
    expect(app.spies.openInNewTab).not.toHaveBeenCalled();
    const web = await loadedDetail(contentView({ cta: { type: 'DEEP_LINK', url: 'https://example.com/open' } }));
    web.actor.send({ type: 'user.followCta' });
    expect(web.spies.openInNewTab).toHaveBeenCalledWith('https://example.com/open');
    expect(web.spies.navigate).not.toHaveBeenCalled();
  });

  it('opens a micro-frontend in the frame as a page', async () => {
    const { actor, spies } = await loadedDetail(contentView({ cta: { type: 'MICRO_FRONTEND', url: 'https://mfe.test/app' } }));
    actor.send({ type: 'user.followCta' });
    expect(spies.openFrame).toHaveBeenCalledTimes(1);
    expect(spies.openFrame).toHaveBeenCalledWith({ url: 'https://mfe.test/app', kind: 'page' });
    expect(spies.openInNewTab).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it('opens a survey or micro-frontend on a host nobody registered in a new tab: no frame, no parameters', async () => {
    for (const [type, url] of [
      ['EXTERNAL_LINK', 'https://attacker.test/mfe-survey/?steal=1'],
      ['MICRO_FRONTEND', 'https://attacker.test/app'],
    ] as const) {
      const { actor, spies } = await loadedDetail(contentView({ cta: { type, url } }));
      actor.send({ type: 'user.followCta' });
      expect(spies.openFrame).not.toHaveBeenCalled();
      expect(spies.openInNewTab).toHaveBeenCalledWith(url);
    }
  });

  it('opens a survey URL in the frame as a survey, whatever its CTA type', async () => {
    const { actor, spies } = await loadedDetail(contentView({ cta: { type: 'EXTERNAL_LINK', url: 'https://x.test/mfe-survey/1' } }));
    actor.send({ type: 'user.followCta' });
    expect(spies.openFrame).toHaveBeenCalledWith({ url: 'https://x.test/mfe-survey/1', kind: 'survey' });
    expect(spies.openInNewTab).not.toHaveBeenCalled();
  });

  it.each([
    ['no call-to-action', {}],
    ['an internal link with nothing attached', { type: 'INTERNAL_LINK' }],
    ['a micro-frontend without a URL', { type: 'MICRO_FRONTEND' }],
  ])('does nothing for %s', async (_, c) => {
    const { actor, spies } = await loadedDetail(contentView({ cta: c }));
    expect(actor.getSnapshot().can({ type: 'user.followCta' })).toBe(false);
    actor.send({ type: 'user.followCta' });
    expect(spies.openInNewTab).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(spies.openFrame).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ loaded: 'link' })).toBe(true);
  });

  it.each([
    ['the RSVP flow', rsvpView],
    ['the claim flow', claimView],
  ])('ignores user.followCta while %s runs', async (_, content) => {
    const { actor, spies } = await loadedDetail(content());
    expect(actor.getSnapshot().can({ type: 'user.followCta' })).toBe(false);
    actor.send({ type: 'user.followCta' });
    expect(spies.openInNewTab).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(spies.openFrame).not.toHaveBeenCalled();
  });

  it('takes no retry once loaded', async () => {
    const { actor, spies } = await loadedDetail(contentView());
    expect(actor.getSnapshot().can({ type: 'user.retry' })).toBe(false);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(spies.load).toHaveBeenCalledTimes(1);
  });
});

describe('contentDetailMachine: the link-out frame child', () => {
  it('is invoked at the root from the start, hidden, and stays the same actor once loaded', async () => {
    const { actor } = detail(loaded(contentView()));
    const frame = actor.getSnapshot().children.linkOut;
    expect(frame).toBeDefined();
    expect(frame?.getSnapshot().matches('hidden')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().children.linkOut).toBe(frame);
  });

  it('is there in failed and not found too', async () => {
    const failed = detail(() => Promise.reject({ status: 500, message: 'x' }));
    await waitFor(failed.actor, (s) => s.matches('failed'));
    expect(failed.actor.getSnapshot().children.linkOut).toBeDefined();
    const gone = detail(() => Promise.reject({ status: 404, message: 'x' }));
    await waitFor(gone.actor, (s) => s.matches('notFound'));
    expect(gone.actor.getSnapshot().children.linkOut).toBeDefined();
  });

  it('opens a page when openFrame sends to it (as the app wires it) and fetches the page', async () => {
    const { actor, spies } = await loadedDetail(contentView({ cta: { type: 'MICRO_FRONTEND', url: 'https://mfe.test/app' } }), { wireFrame: true });
    actor.send({ type: 'user.followCta' });
    const frame = actor.getSnapshot().children.linkOut!;
    expect(frame.getSnapshot().hasTag('open')).toBe(true);
    expect(frame.getSnapshot().context).toMatchObject({ url: 'https://mfe.test/app', kind: 'page' });
    await waitFor(frame, (s) => s.hasTag('frame:page'));
    expect(spies.fetchPage).toHaveBeenCalledWith('https://mfe.test/app');
    expect(frame.getSnapshot().context.html).toBe('<html>https://mfe.test/app</html>');
  });

  it('opens a survey in it without fetching', async () => {
    const { actor, spies } = await loadedDetail(contentView({ cta: { url: 'https://x.test/mfe-survey' } }), { wireFrame: true });
    actor.send({ type: 'user.followCta' });
    const frame = actor.getSnapshot().children.linkOut!;
    expect(frame.getSnapshot().hasTag('frame:survey')).toBe(true);
    await flush();
    expect(spies.fetchPage).not.toHaveBeenCalled();
  });

  it('stops with the content screen, so an open frame goes away with the page', async () => {
    const { actor } = await loadedDetail(contentView({ cta: { url: 'https://x.test/mfe-survey' } }), { wireFrame: true });
    actor.send({ type: 'user.followCta' });
    const frame = actor.getSnapshot().children.linkOut!;
    expect(frame.getSnapshot().status).toBe('active');
    actor.stop();
    expect(frame.getSnapshot().status).toBe('stopped');
  });

  it('stops the flow child with the content screen too', async () => {
    const { actor } = await loadedDetail(claimView());
    const child = claimChild(actor)!;
    actor.stop();
    expect(child.getSnapshot().status).toBe('stopped');
  });
});

describe('rsvpInput and claimInput', () => {
  const context = (content: ContentView): ContentDetailContext => ({ ...input({ now: '2026-01-01T00:00:00Z' }), content, error: null });

  it('rsvpInput maps the content’s uuid, building, counts, CTA, window and end, with the screen’s now', () => {
    const content = contentView({
      uuid: 'e-5',
      buildingUuid: 'b-5',
      endAt: '2026-01-31T18:00:00Z',
      cta: {
        capacity: null,
        count: 3,
        userCount: 1,
        url: 'https://tickets.test',
        label: 'Book',
        displayStartAt: null,
        displayEndAt: '2026-02-01T00:00:00Z',
        isClaimable: false,
      },
    });
    expect(rsvpInput(context(content))).toEqual({
      contentUuid: 'e-5',
      buildingUuid: 'b-5',
      capacity: null,
      attendeeCount: 3,
      userCount: 1,
      ctaUrl: 'https://tickets.test',
      ctaLabel: 'Book',
      displayStartAt: null,
      displayEndAt: '2026-02-01T00:00:00Z',
      endAt: '2026-01-31T18:00:00Z',
      isClaimable: false,
      now: '2026-01-01T00:00:00Z',
    });
  });

  it('claimInput maps the content’s uuid, building, eligibility, counts, limits, window and end, with the screen’s now', () => {
    const content = contentView({
      uuid: 'o-5',
      buildingUuid: 'b-6',
      endAt: '2026-02-01T00:00:00Z',
      cta: {
        isEligible: false,
        isClaimable: true,
        userCount: 0,
        count: 9,
        maxClaimsPerUser: 2,
        maxClaimsTotal: null,
        displayStartAt: '2025-12-01T00:00:00Z',
        displayEndAt: null,
        myClaim: { code: '7F3A9C21', claimedAt: '2025-12-02T10:00:00Z' },
      },
    });
    expect(claimInput(context(content))).toEqual({
      myClaim: { code: '7F3A9C21', claimedAt: '2025-12-02T10:00:00Z' },
      contentUuid: 'o-5',
      buildingUuid: 'b-6',
      isEligible: false,
      isClaimable: true,
      userCount: 0,
      count: 9,
      maxClaimsPerUser: 2,
      maxClaimsTotal: null,
      displayStartAt: '2025-12-01T00:00:00Z',
      displayEndAt: null,
      endAt: '2026-02-01T00:00:00Z',
      now: '2026-01-01T00:00:00Z',
    });
  });
});

describe('contentDetailMachine: kiosk (lobby) mode', () => {
  async function inLobby(content: ContentView) {
    const result = detail(loaded(content), { input: { lobby: true } });
    await waitFor(result.actor, (s) => s.matches('loaded'));
    return result;
  }

  it('offers no RSVP on a shared screen: no RSVP flow, the lobby state instead', async () => {
    const { actor } = await inLobby(contentView({ type: 'EVENT_POST', cta: { isRsvp: true, isClaimable: true } }));
    expect(actor.getSnapshot().matches({ loaded: 'lobby' })).toBe(true);
    expect(actor.getSnapshot().hasTag('cta:lobby')).toBe(true);
    expect(rsvpChild(actor)).toBeUndefined();
  });

  it('offers no claim on a shared screen', async () => {
    const { actor } = await inLobby(contentView({ type: 'OFFER', cta: { isClaim: true, type: 'CLAIM', isClaimable: true } }));
    expect(actor.getSnapshot().matches({ loaded: 'lobby' })).toBe(true);
    expect(claimChild(actor)).toBeUndefined();
  });

  it('frames no mini-app with the person’s token on a shared screen', async () => {
    const { actor, spies } = await inLobby(contentView({ cta: { type: 'MICRO_FRONTEND', url: 'https://mfe.test/app' } }));
    expect(actor.getSnapshot().matches({ loaded: 'lobby' })).toBe(true);
    actor.send({ type: 'user.followCta' });
    expect(spies.openFrame).not.toHaveBeenCalled();
  });

  it('keeps a link call-to-action (nothing personal in it)', async () => {
    const { actor, spies } = await inLobby(contentView({ cta: { type: 'EXTERNAL_URL', url: 'https://x.test' } }));
    expect(actor.getSnapshot().matches({ loaded: 'link' })).toBe(true);
    actor.send({ type: 'user.followCta' });
    expect(spies.openInNewTab).toHaveBeenCalledWith('https://x.test');
  });

  it('out of kiosk mode the same event runs its RSVP flow', async () => {
    const { actor } = await loadedDetail(contentView({ type: 'EVENT_POST', cta: { isRsvp: true, isClaimable: true } }));
    expect(actor.getSnapshot().matches({ loaded: 'rsvp' })).toBe(true);
    expect(rsvpChild(actor)).toBeDefined();
  });
});
