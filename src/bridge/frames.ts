/**
 * The frames the app opened for registered mini-apps, as the page holds them: each is an iframe carrying
 * `data-bridge-frame={frameId}` (the link-out frame's view sets it). The bridge keeps which mini-app each id is; the
 * page is where their windows are, so the window of a message is matched to its frame here and nowhere else.
 */
export const FRAME_ATTRIBUTE = 'data-bridge-frame';

/** The id of the registered frame whose window `source` is (the exact object), or null for any other window. */
export function frameIdOfSource(doc: Document, source: MessageEventSource | null): string | null {
  if (!source) return null;
  for (const frame of doc.querySelectorAll<HTMLIFrameElement>(`iframe[${FRAME_ATTRIBUTE}]`)) {
    if (frame.contentWindow !== null && frame.contentWindow === source) return frame.getAttribute(FRAME_ATTRIBUTE);
  }
  return null;
}

const frameById = (doc: Document, frameId: string): HTMLIFrameElement | null => {
  for (const frame of doc.querySelectorAll<HTMLIFrameElement>(`iframe[${FRAME_ATTRIBUTE}]`))
    if (frame.getAttribute(FRAME_ATTRIBUTE) === frameId) return frame;
  return null;
};

/**
 * Posts to the window of frame `frameId` at exactly `origin` (never '*': if the frame's document is now on another
 * origin, the browser drops the message). A closed frame, or an origin the browser will not parse, posts nothing.
 */
export function postToFrame(doc: Document, frameId: string, origin: string, message: unknown): boolean {
  const target = frameById(doc, frameId)?.contentWindow;
  if (!target || !origin || origin === '*' || origin === 'null') return false;
  try {
    target.postMessage(message, origin);
    return true;
  } catch {
    return false;
  }
}

/** The attribute every iframe of the link-out frame carries: only their windows may ask it to close ('closeMFE'). */
export const LINK_OUT_FRAME_ATTRIBUTE = 'data-link-out-frame';

/** Whether a message came from the window of an iframe the link-out frame shows (not any frame, tab or opener). */
export const fromLinkOutFrame = (doc: Document, source: MessageEventSource | null): boolean =>
  source !== null &&
  [...doc.querySelectorAll(`iframe[${LINK_OUT_FRAME_ATTRIBUTE}]`)].some((frame) => (frame as HTMLIFrameElement).contentWindow === source);
