/** What a rebuild has to take into account. */
export type ChangeKind = 'content' | 'static' | 'config' | 'code';

export interface Change {
  kind: ChangeKind;
  /** Absolute path of the file that changed. */
  path: string;
}

export interface QueueTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/**
 * Turns a stream of file events into rebuilds: events are gathered until none has come
 * for `quietMs` (editors save in bursts: write-and-rename, delete-and-create, many saves
 * in a row), then handed to `run` as one batch with duplicates removed. Never two
 * rebuilds at once: events during a rebuild wait for the next batch. Holds no I/O; the
 * watcher only pushes paths in.
 */
export class RebuildQueue {
  private pending = new Map<string, Change>();
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly run: (batch: Change[]) => Promise<void>,
    private readonly options: { quietMs: number; timers?: QueueTimers },
  ) {}

  push(change: Change): void {
    if (this.closed) return;
    this.pending.set(change.path, change);
    this.schedule();
  }

  /** Resolves once no rebuild is running or waiting. */
  async idle(): Promise<void> {
    while (this.running || this.timer !== null || this.pending.size > 0) {
      if (this.running) await this.running;
      else if (this.timer !== null) await new Promise((r) => setTimeout(r, this.options.quietMs));
      else this.flush();
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private get timers(): QueueTimers {
    return this.options.timers ?? { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as NodeJS.Timeout) };
  }

  private schedule(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.flush();
    }, this.options.quietMs);
  }

  private flush(): void {
    if (this.running || this.pending.size === 0 || this.closed) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.running = this.run(batch)
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        // Changes that arrived meanwhile go out as soon as this rebuild ends.
        if (this.pending.size > 0 && this.timer === null) this.flush();
      });
  }
}
