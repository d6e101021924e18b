import { describe, expect, it } from 'vitest';
import { readServerEvents, type ServerEvent } from '../../src/api/eventStream';

/** A body that hands the text over in the given pieces, as a network does. */
const body = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });

describe('readServerEvents', () => {
  it('reads events with their ids across pieces, skips comments and retry lines, joins data lines', async () => {
    const events: ServerEvent[] = [];
    await readServerEvents(
      body(
        'retry: 3000\n\n: heartbeat\n\nid: 17-0\nevent: notifi',
        'cation\ndata: {"a":1}\n\n',
        'event: reload\ndata: x\ndata: y\r\n\r\n',
        'data: plain\n\n',
      ),
      (e) => events.push(e),
    );
    expect(events).toEqual([
      { id: '17-0', event: 'notification', data: '{"a":1}' },
      { id: null, event: 'reload', data: 'x\ny' },
      { id: null, event: 'message', data: 'plain' },
    ]);
  });

  it('ends when the body ends, an event without its blank line left unread', async () => {
    const events: ServerEvent[] = [];
    await readServerEvents(body('event: notification\ndata: {}'), (e) => events.push(e));
    expect(events).toEqual([]);
  });
});
