import fs from 'node:fs/promises';
import path from 'node:path';
import { urlFilePath } from '../graph/paths.ts';

/** Output file of a route: "/a/b/" → "a/b/index.html"; "/404.html" stays; "/a%23b/" → "a#b/index.html". */
export function routeFile(routePath: string): string {
  const file = urlFilePath(routePath);
  return routePath.endsWith('/') ? `${file}index.html` : file;
}

/**
 * Writes a site into a fresh folder beside `outDir` and swaps it in on `commit()`. Files
 * are written as they are produced (a 10,000-page site is never held in memory whole),
 * with a bounded number of writes in flight. A failed or killed build never leaves a
 * half-written `outDir`: the previous one stays until the new one is complete.
 */
export class SiteWriter {
  readonly target: string;
  private readonly temp: string;
  private readonly made = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown = null;
  bytes = 0;
  files = 0;

  private constructor(outDir: string) {
    this.target = path.resolve(outDir);
    this.temp = `${this.target}.tmp-${process.pid}`;
  }

  static async open(outDir: string): Promise<SiteWriter> {
    const writer = new SiteWriter(outDir);
    await fs.rm(writer.temp, { recursive: true, force: true });
    await fs.mkdir(writer.temp, { recursive: true });
    return writer;
  }

  /** Copies a folder (static/) in; files written later with the same path win. */
  async copyDir(dir: string): Promise<void> {
    await fs.cp(dir, this.temp, { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async copyFile(from: string, to: string): Promise<void> {
    const dest = path.join(this.temp, to);
    await this.ensureDir(dest);
    await fs.copyFile(from, dest);
  }

  /** Queues a file; waits only when too many writes are in flight. */
  async write(rel: string, contents: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    const task = (async () => {
      const dest = path.join(this.temp, rel);
      await this.ensureDir(dest);
      await fs.writeFile(dest, contents);
      this.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
      this.files++;
    })().catch((error: unknown) => {
      this.failure ??= error;
    });
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
    if (this.inFlight.size >= 64) await Promise.race(this.inFlight);
  }

  /** Waits for every write, then replaces `outDir` with the new folder. */
  async commit(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
    const old = `${this.target}.old-${process.pid}`;
    const hadPrevious = await fs.stat(this.target).then(() => true, () => false);
    if (hadPrevious) await fs.rename(this.target, old);
    await fs.rename(this.temp, this.target);
    if (hadPrevious) await fs.rm(old, { recursive: true, force: true });
  }

  /** Throws the new folder away; `outDir` stays as it was. */
  async abort(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    await fs.rm(this.temp, { recursive: true, force: true });
  }

  private async ensureDir(file: string): Promise<void> {
    const dir = path.dirname(file);
    if (this.made.has(dir)) return;
    await fs.mkdir(dir, { recursive: true });
    this.made.add(dir);
  }
}
