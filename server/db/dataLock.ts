import { openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'atrium.lock';

/** A data folder another live server holds: PGlite gives one process the folder, and a second one would corrupt it. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${path.resolve(dataDir)} is in use by another Atrium server (process ${pid}). ` +
        'Stop that server first, or give this one its own folder with DATA_DIR.',
    );
  }
}

/** Whether a process with this id runs (one of another user counts). */
export const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the data folder for this process: a lock file made with O_EXCL holds its pid. A lock left by a process that
 * is gone (a crash, a kill -9) is taken over; one held by a live process refuses with DataFolderLockedError.
 * Returns the release.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      } catch {
        /* gone between the two calls: try again */
      }
      if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) throw new DataFolderLockedError(dataDir, holder);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${path.resolve(dataDir)}`);
}
