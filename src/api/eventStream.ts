/** One server-sent event as the stream wrote it. */
export interface ServerEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Reads server-sent events (the WHATWG format: `id:`, `event:`, `data:` lines, a blank line ends one; comments and
 * `retry:` skipped) from a fetch response's body, calling `onEvent` for each, until the body ends. The browser's
 * EventSource cannot send an Authorization header, so the notification stream is read this way.
 */
export async function readServerEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ServerEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const flush = (block: string) => {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) onEvent({ id, event, data: data.join('\n') });
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: RegExpExecArray | null;
    while ((end = /\r?\n\r?\n/.exec(buffer))) {
      flush(buffer.slice(0, end.index));
      buffer = buffer.slice(end.index + end[0].length);
    }
  }
}
