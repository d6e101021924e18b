import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from './errors.js';
import { eventStreamCaps, eventStreamRefusal, type Place } from './counters.js';

/** An open server-sent event stream. */
export interface EventStream {
  /** Writes one event; with `id`, a client that reconnects sends it back as Last-Event-ID. */
  send(event: string, data: unknown, id?: string): void;
  /** Runs once when the stream closes (the client left, or the server closes). */
  onClose(cleanUp: () => void): void;
}

export interface EventStreamOptions {
  /** Milliseconds between the comment lines that keep an idle stream open through proxies. */
  heartbeatMs: number;
}

/**
 * The server-sent event streams of one route (the flags stream, a person's notifications): each holds a connection
 * for as long as the client likes, so a few per client address and a ceiling in all, counted with every other stream
 * of the server and, with REDIS_URL, across instances (lib/counters.ts: `eventStreamCaps`); a comment line now and then
 * keeps an idle one open through proxies; the server's close ends them (open streams would keep it from closing).
 */
export function eventStreams(app: FastifyInstance, options: () => EventStreamOptions) {
  const { counters, config } = app.deps;
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });

  return {
    /**
     * Refuses a request that is not for an event stream, or over the caps; else holds its place under them. Call before
     * anything that may fail, and release the place if something does before `open`.
     */
    async take(request: FastifyRequest): Promise<Place> {
      // EventSource always asks for text/event-stream; anything else would hold a connection it cannot read.
      if (!/\btext\/event-stream\b/i.test(request.headers.accept ?? '')) {
        throw httpError(406, 'This is an event stream: ask for it with accept: text/event-stream (as EventSource does)', 'event_stream_only');
      }
      const taken = await counters.take(eventStreamCaps(request.ip, config));
      if ('full' in taken) throw eventStreamRefusal(taken.full);
      return taken.place;
    },
    /** Takes the socket over and starts the stream (`retry` tells the client how soon to come back); the place goes back at its close. */
    open(request: FastifyRequest, reply: FastifyReply, place: Place, retryMs = 3000): EventStream {
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
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), options().heartbeatMs);
      streams.add(res);
      const closers: (() => void)[] = [];
      let open = true;
      const cleanUp = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        for (const close of closers) close();
        streams.delete(res);
        place.release();
      };
      request.raw.once('close', cleanUp);
      res.once('close', cleanUp);
      // A client gone while the route read what it sends first: its place goes back now.
      if (res.destroyed) cleanUp();
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
