import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Help-desk attachments' bytes, as files in one folder (ATTACHMENTS_DIR, by default `attachments` in the data folder),
 * each named by a random key that the database keeps with the file's name, type, size and SHA-256 (decision
 * 156-streamed-attachments). Bytes go from the request to the disk as they arrive, by the file system's own threads:
 * none of it waits in memory or goes through the database, which on PGlite runs on the server's only thread. The same
 * on Postgres; servers sharing one Postgres share this folder (a shared volume).
 */
export class AttachmentStorage {
  constructor(readonly dir: string) {}

  /**
   * Streams `source` through `inspect` (which may refuse the bytes by failing) into a new file and answers its key.
   * Nothing is left on disk when the source, the inspection or the write fails.
   */
  async write(source: Readable, inspect: Transform): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const key = randomUUID();
    const file = this.pathOf(key);
    const sink = createWriteStream(file, { flags: 'wx' });
    try {
      await pipeline(source, inspect, sink);
    } catch (error) {
      // The file is opened asynchronously: a refusal on the first bytes can come before the open, which then still
      // creates the file. Removed only once the stream has closed, so nothing is left behind (a busy machine met it).
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await rm(file, { force: true });
      throw error;
    }
    return key;
  }

  /** The file of a key (a key is only ever one of ours: never a path a request could steer). */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not an attachment key: ${key}`);
    return path.join(this.dir, key);
  }

  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  /** Removes the files of `keys`; a missing one is no error. */
  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }
}
