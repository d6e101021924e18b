/**
 * Answers kept under the version of the data they were built from (decision 056). An entry is reused only while the
 * version the caller read from the database in this request is the one it was built under, and only inside the time
 * span it stays right for (a content list changes when a display window opens or closes without any write). The
 * version is read on every call, so a change made by another server or by hand is seen on the next call; nothing here
 * stands in for the session or membership checks, which run before it.
 */
export interface VersionedEntry<T> {
  version: number;
  /** The first and the first-no-longer instant (ms) the value is right for. */
  from: number;
  until: number;
  value: T;
}

export class VersionedCache<T> {
  private readonly entries = new Map<string, VersionedEntry<T>>();

  constructor(private readonly capacity: number) {}

  get size() {
    return this.entries.size;
  }

  /** The value kept for `key` when it was built under `version` and is right at `now`. */
  get(key: string, version: number, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now < entry.from || now >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: the first key is the one to drop when full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, entry: VersionedEntry<T>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
