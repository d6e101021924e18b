import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import { LINK_OUT_ID, linkOutFrameMachine, pageNotLoaded, type LinkOutEvent } from '../../machines/linkOut/linkOutFrame.machine';
import { deferred, flush, type Deferred } from '../fixtures/async';
import { buildMiniApp } from '../fixtures/miniApps';

const PAGE_URL = 'https://mfe.example.com/app?authToken=t';
const SURVEY_URL = 'https://mfe-survey.example.com/s/1';
const FRAME_TAGS = ['open', 'frame:loading', 'frame:page', 'frame:failed', 'frame:survey'] as const;

/** The frame with a fetch the test answers, and the close-message listener exposed. */
function frame() {
  const fetches: { url: string; answer: Deferred<string> }[] = [];
  const listener = { starts: 0, stops: 0, sendBack: null as ((event: LinkOutEvent) => void) | null };
  const fetchPage = vi.fn((url: string) => {
    const answer = deferred<string>();
    fetches.push({ url, answer });
    return answer.promise;
  });
  const actor = createActor(
    linkOutFrameMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input }) => fetchPage(input.url)),
        closeMessages: fromCallback<LinkOutEvent>(({ sendBack }) => {
          listener.starts += 1;
          listener.sendBack = sendBack;
          return () => {
            listener.stops += 1;
            listener.sendBack = null;
          };
        }),
      },
    }),
  ).start();
  const tags = () => FRAME_TAGS.filter((tag) => actor.getSnapshot().hasTag(tag));
  return { actor, fetches, fetchPage, listener, tags };
}

describe('pageNotLoaded', () => {
  it('is true for text holding statusCode (an API error body), whatever else it holds', () => {
    expect(pageNotLoaded('{"statusCode":404,"error":"Not Found"}')).toBe(true);
    expect(pageNotLoaded('<html><body>statusCode</body></html>')).toBe(true);
  });

  it('is false for an ordinary page, an empty one, or another casing', () => {
    expect(pageNotLoaded('<!doctype html><html><body>Hello</body></html>')).toBe(false);
    expect(pageNotLoaded('')).toBe(false);
    expect(pageNotLoaded('{"status_code":500}')).toBe(false);
    expect(pageNotLoaded('StatusCode')).toBe(false);
  });
});

describe('linkOutFrameMachine', () => {
  it('starts hidden, with no URL, page kind and no document', () => {
    const { actor, tags, fetchPage, listener } = frame();
    const snapshot = actor.getSnapshot();
    expect(LINK_OUT_ID).toBe('linkOut');
    expect(snapshot.matches('hidden')).toBe(true);
    expect(snapshot.context).toEqual({ url: null, kind: 'page', html: null, title: null, miniApp: null });
    expect(tags()).toEqual([]);
    expect(fetchPage).not.toHaveBeenCalled();
    expect(listener.starts).toBe(0);
    expect(snapshot.can({ type: 'linkOut.close' })).toBe(false);
  });

  it('opens a page: fetches its URL while loading', () => {
    const { actor, tags, fetchPage } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ open: 'loading' })).toBe(true);
    expect(tags()).toEqual(['open', 'frame:loading']);
    expect(snapshot.context).toEqual({ url: PAGE_URL, kind: 'page', html: null, title: null, miniApp: null });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith(PAGE_URL);
  });

  it('shows the fetched page as the frame’s document', async () => {
    const { actor, tags, fetches } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    fetches[0]!.answer.resolve('<html><body>Menu</body></html>');
    await waitFor(actor, (s) => s.matches({ open: 'page' }));
    expect(tags()).toEqual(['open', 'frame:page']);
    expect(actor.getSnapshot().context).toEqual({ url: PAGE_URL, kind: 'page', html: '<html><body>Menu</body></html>', title: null, miniApp: null });
  });

  it('shows an empty page as a page (not a failure)', async () => {
    const { actor, fetches } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    fetches[0]!.answer.resolve('');
    await waitFor(actor, (s) => s.matches({ open: 'page' }));
    expect(actor.getSnapshot().context.html).toBe('');
  });

  it('fails when the fetch fails', async () => {
    const { actor, tags, fetches } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    fetches[0]!.answer.reject(new TypeError('Failed to fetch'));
    await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(tags()).toEqual(['open', 'frame:failed']);
    expect(actor.getSnapshot().context.html).toBeNull();
    expect(actor.getSnapshot().context.url).toBe(PAGE_URL);
  });

  it('fails when the page answers an API error body (text holding statusCode), keeping no document', async () => {
    const { actor, tags, fetches } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    fetches[0]!.answer.resolve('{"statusCode":401,"message":"Unauthorized"}');
    await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(tags()).toEqual(['open', 'frame:failed']);
    expect(actor.getSnapshot().context.html).toBeNull();
  });

  it('opens a survey directly in the frame: no fetch', async () => {
    const { actor, tags, fetchPage } = frame();
    actor.send({ type: 'linkOut.open', url: SURVEY_URL, kind: 'survey' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ open: 'survey' })).toBe(true);
    expect(tags()).toEqual(['open', 'frame:survey']);
    expect(snapshot.context).toEqual({ url: SURVEY_URL, kind: 'survey', html: null, title: null, miniApp: null });
    await flush();
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it.each(['page', 'survey'] as const)('keeps the registered mini-app’s name as a %s frame’s title, and clears it on close', (kind) => {
    const { actor } = frame();
    actor.send({ type: 'linkOut.open', url: SURVEY_URL, kind, title: 'Survey' });
    expect(actor.getSnapshot().context.title).toBe('Survey');
    actor.send({ type: 'linkOut.close' });
    expect(actor.getSnapshot().context.title).toBeNull();
    // A link that is not a registered mini-app comes without a name: the frame has no title of its own.
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind });
    expect(actor.getSnapshot().context.title).toBeNull();
  });

  it('the kind, not the URL, decides: a survey-looking URL opened as a page is fetched', () => {
    const { actor, fetchPage } = frame();
    actor.send({ type: 'linkOut.open', url: SURVEY_URL, kind: 'page' });
    expect(actor.getSnapshot().matches({ open: 'loading' })).toBe(true);
    expect(fetchPage).toHaveBeenCalledWith(SURVEY_URL);
  });

  it.each([
    ['loading', (_: Deferred<string>) => {}],
    ['page', (answer: Deferred<string>) => answer.resolve('<p>ok</p>')],
    ['failed', (answer: Deferred<string>) => answer.reject(new Error('down'))],
  ] as const)('closes from %s: hidden, URL and document cleared', async (state, settle) => {
    const { actor, tags, fetches } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    settle(fetches[0]!.answer);
    await waitFor(actor, (s) => s.matches({ open: state }));
    actor.send({ type: 'linkOut.close' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(tags()).toEqual([]);
    expect(actor.getSnapshot().context.url).toBeNull();
    expect(actor.getSnapshot().context.html).toBeNull();
  });

  it('closes from survey', () => {
    const { actor, tags } = frame();
    actor.send({ type: 'linkOut.open', url: SURVEY_URL, kind: 'survey' });
    actor.send({ type: 'linkOut.close' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(tags()).toEqual([]);
    expect(actor.getSnapshot().context.url).toBeNull();
  });

  it('ignores the page that arrives after it was closed while loading', async () => {
    const { actor, fetches } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    actor.send({ type: 'linkOut.close' });
    fetches[0]!.answer.resolve('<p>late</p>');
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(actor.getSnapshot().context.html).toBeNull();
  });

  it('ignores a fetch failure that arrives after it was closed while loading', async () => {
    const { actor, fetches } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    actor.send({ type: 'linkOut.close' });
    fetches[0]!.answer.reject(new Error('late failure'));
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('reopens after a close with the new link, fetching again', async () => {
    const { actor, fetches, fetchPage } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    fetches[0]!.answer.resolve('<p>first</p>');
    await waitFor(actor, (s) => s.matches({ open: 'page' }));
    actor.send({ type: 'linkOut.close' });
    actor.send({ type: 'linkOut.open', url: 'https://mfe.example.com/other', kind: 'page' });
    expect(actor.getSnapshot().matches({ open: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ url: 'https://mfe.example.com/other', kind: 'page', html: null, title: null, miniApp: null });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    fetches[1]!.answer.resolve('<p>second</p>');
    await waitFor(actor, (s) => s.matches({ open: 'page' }));
    expect(actor.getSnapshot().context.html).toBe('<p>second</p>');
  });

  it('a survey after a page resets the kind and the document, and a page after a survey sets it back', async () => {
    const { actor, fetches } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    fetches[0]!.answer.resolve('<p>page</p>');
    await waitFor(actor, (s) => s.matches({ open: 'page' }));
    actor.send({ type: 'linkOut.close' });
    actor.send({ type: 'linkOut.open', url: SURVEY_URL, kind: 'survey' });
    expect(actor.getSnapshot().context).toEqual({ url: SURVEY_URL, kind: 'survey', html: null, title: null, miniApp: null });
    actor.send({ type: 'linkOut.close' });
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    expect(actor.getSnapshot().context.kind).toBe('page');
  });

  it('ignores another open while already open', () => {
    const { actor, fetchPage } = frame();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    expect(actor.getSnapshot().can({ type: 'linkOut.open', url: SURVEY_URL, kind: 'survey' })).toBe(false);
    actor.send({ type: 'linkOut.open', url: SURVEY_URL, kind: 'survey' });
    expect(actor.getSnapshot().matches({ open: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context.url).toBe(PAGE_URL);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('listens for close messages only while open, and closes on one', async () => {
    const { actor, listener, fetches } = frame();
    expect(listener.starts).toBe(0);
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    expect(listener.starts).toBe(1);
    fetches[0]!.answer.resolve('<p>ok</p>');
    await waitFor(actor, (s) => s.matches({ open: 'page' }));
    // Moving between the open substates keeps the one listener.
    expect(listener.starts).toBe(1);
    expect(listener.stops).toBe(0);
    listener.sendBack?.({ type: 'linkOut.close' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(actor.getSnapshot().context.url).toBeNull();
    expect(listener.stops).toBe(1);
    expect(listener.sendBack).toBeNull();
  });

  it('listens while a survey is open too, and stops when the frame is stopped', () => {
    const { actor, listener } = frame();
    actor.send({ type: 'linkOut.open', url: SURVEY_URL, kind: 'survey' });
    expect(listener.starts).toBe(1);
    actor.stop();
    expect(listener.stops).toBe(1);
  });

  it('without provided actors, a page fails (the default fetch rejects)', async () => {
    const actor = createActor(linkOutFrameMachine).start();
    actor.send({ type: 'linkOut.open', url: PAGE_URL, kind: 'page' });
    await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(actor.getSnapshot().hasTag('frame:failed')).toBe(true);
  });
});

describe('a registered mini-app on its own origin (issue 23)', () => {
  /** A link-out frame beside a bridge that records what it hears, in one actor system; `leave` stops the frame's flow. */
  function withBridge() {
    const heard: { type: string; frameId?: string; owner?: unknown }[] = [];
    const root = setup({
      actors: {
        bridge: fromCallback(({ receive }) => receive((event) => void heard.push(event as never))),
        linkOut: linkOutFrameMachine.provide({
          actors: { fetchPage: fromPromise(async () => ''), closeMessages: fromCallback(() => () => {}) },
        }),
      },
    }).createMachine({
      invoke: { src: 'bridge', systemId: 'bridge' },
      initial: 'screen',
      states: { screen: { invoke: { src: 'linkOut', id: 'linkOut', systemId: 'linkOutUnderTest' }, on: { leave: 'elsewhere' } }, elsewhere: {} },
    });
    const actor = createActor(root).start();
    const frame = actor.system.get('linkOutUnderTest') as ActorRefFrom<typeof linkOutFrameMachine>;
    return { actor, frame, heard };
  }
  const miniApp = { app: buildMiniApp(), frameId: 'f9' };

  it('frames it directly, registered with the bridge while open, and unregistered when closed', () => {
    const { frame, heard } = withBridge();
    frame.send({ type: 'linkOut.open', url: miniApp.app.baseUrl, kind: 'page', title: 'Bridge test', miniApp });
    expect(frame.getSnapshot().matches({ open: 'miniApp' })).toBe(true);
    expect(heard).toEqual([
      { type: 'frame.opened', frameId: 'f9', app: miniApp.app, owner: expect.objectContaining({ send: expect.any(Function) }) },
    ]);
    // The owner the bridge closes the frame through: its registration, which hands the close to the frame.
    (heard[0]!.owner as { send(event: { type: 'linkOut.close' }): void }).send({ type: 'linkOut.close' });
    expect(heard.at(-1)).toEqual({ type: 'frame.closed', frameId: 'f9' });
    expect(frame.getSnapshot().context.miniApp).toBeNull();
  });

  it('leaves the bridge when the screen’s flow stops with the frame open', () => {
    const { actor, frame, heard } = withBridge();
    frame.send({ type: 'linkOut.open', url: miniApp.app.baseUrl, kind: 'page', miniApp });
    actor.send({ type: 'leave' });
    expect(heard.at(-1)).toEqual({ type: 'frame.closed', frameId: 'f9' });
  });
});
