import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from './errors.js';

/** An open server-sent event stream. */
export interface EventStream {
  /** Writes one event; with `id`, a client that reconnects sends it back as Last-Event-ID. */
  send(event: string, data: unknown, id?: string): void;
  /** Runs once when the stream closes (the client left, or the server closes). */
  onClose(cleanUp: () => void): void;
}

export interface EventStreamLimits {
  /** Open streams of one client address at most. */
  perClient: number;
  /** Open streams of this route at most. */
  total: number;
  /** Milliseconds between the comment lines that keep an idle stream open through proxies. */
  heartbeatMs: number;
}

/**
 * The server-sent event streams of one route (the flags stream, a person's notifications): each holds a connection
 * for as long as the client likes, so a few per client address and a ceiling in all; a comment line now and then keeps
 * an idle one open through proxies; the server's close ends them (open streams would keep it from closing).
 */
export function eventStreams(app: FastifyInstance, limits: () => EventStreamLimits) {
  const streams = new Set<ServerResponse>();
  const perClient = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });

  return {
    /** Refuses a request that is not for an event stream, or over the limits; call before anything that may fail. */
    check(request: FastifyRequest) {
      // EventSource always asks for text/event-stream; anything else would hold a connection it cannot read.
      if (!/\btext\/event-stream\b/i.test(request.headers.accept ?? '')) {
        throw httpError(406, 'This is an event stream: ask for it with accept: text/event-stream (as EventSource does)', 'event_stream_only');
      }
      const { total, perClient: max } = limits();
      if (streams.size >= total) {
        throw Object.assign(httpError(503, 'Too many open event streams. Please try again later.', 'streams_full'), { retryAfter: 30 });
      }
      if ((perClient.get(request.ip) ?? 0) >= max) {
        throw Object.assign(httpError(429, 'Too many open event streams from this address. Close one and try again.', 'streams_per_client'), {
          retryAfter: 30,
        });
      }
    },
    /** Takes the socket over and starts the stream (`retry` tells the client how soon to come back). */
    open(request: FastifyRequest, reply: FastifyReply, retryMs = 3000): EventStream {
      const client = request.ip;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write(`retry: ${retryMs}\n\n`);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), limits().heartbeatMs);
      streams.add(res);
      perClient.set(client, (perClient.get(client) ?? 0) + 1);
      const closers: (() => void)[] = [];
      let open = true;
      const cleanUp = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        for (const close of closers) close();
        streams.delete(res);
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      };
      request.raw.once('close', cleanUp);
      res.once('close', cleanUp);
      return {
        send(event, data, id) {
          if (open) res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        onClose(close) {
          if (open) closers.push(close);
          else close();
        },
      };
    },
  };
}
