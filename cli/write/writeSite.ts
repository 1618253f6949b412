import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';
import { MARKER_FILE, markerText } from './outputFolder.ts';
import { acquireOutputLock, recoverOutputFolder, sideFolders, swapIn } from './swap.ts';

/**
 * Writes a site into a fresh folder beside `outDir` and swaps it in on `commit()`. Files
 * are written as they are produced (a 10,000-page site is never held in memory whole),
 * with a bounded number of writes in flight. A failed or killed build never leaves a
 * half-written `outDir`: the previous one stays until the new one is complete (see
 * swap.ts for the moment in between). Nothing is written outside the new folder.
 */
export class SiteWriter {
  readonly target: string;
  private readonly temp: string;
  private readonly made = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown = null;
  bytes = 0;
  files = 0;

  private constructor(
    outDir: string,
    private readonly unlock: () => void,
  ) {
    this.target = path.resolve(outDir);
    this.temp = sideFolders(this.target).temp;
  }

  /** Takes the output folder (lock), repairs what a killed build left, and starts a new folder. */
  static async open(outDir: string): Promise<SiteWriter> {
    const target = path.resolve(outDir);
    let unlock: () => void = () => undefined;
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      unlock = acquireOutputLock(target);
      recoverOutputFolder(target);
      const writer = new SiteWriter(target, unlock);
      await fsp.rm(writer.temp, { recursive: true, force: true });
      await fsp.mkdir(writer.temp);
      await fsp.writeFile(path.join(writer.temp, MARKER_FILE), markerText('writing'));
      return writer;
    } catch (error) {
      unlock();
      throw friendlyWriteError(error, target);
    }
  }

  /** Copies one file in (static files, files next to the Markdown); later writes of the same path win. */
  async copyFile(from: string, to: string): Promise<void> {
    const dest = this.destination(to);
    await this.ensureDir(dest);
    await fsp.copyFile(from, dest).catch((error: unknown) => {
      throw friendlyWriteError(error, this.target);
    });
  }

  /** Queues a file; waits only when too many writes are in flight. */
  async write(rel: string, contents: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    const dest = this.destination(rel);
    const task = (async () => {
      await this.ensureDir(dest);
      await fsp.writeFile(dest, contents);
      this.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
      this.files++;
    })().catch((error: unknown) => {
      this.failure ??= friendlyWriteError(error, this.target);
    });
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
    if (this.inFlight.size >= 64) await Promise.race(this.inFlight);
  }

  /** Waits for every write, marks the new folder complete, then swaps it in for `outDir`. */
  async commit(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
    try {
      await fsp.writeFile(path.join(this.temp, MARKER_FILE), markerText('complete'));
      swapIn(this.temp, this.target);
    } catch (error) {
      throw friendlyWriteError(error, this.target);
    } finally {
      this.unlock();
    }
  }

  /** Throws the new folder away; `outDir` stays as it was. */
  async abort(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    await fsp.rm(this.temp, { recursive: true, force: true });
    this.unlock();
  }

  /** The absolute path for an output-relative one; never outside the new folder. */
  private destination(rel: string): string {
    const dest = path.resolve(this.temp, rel);
    if (!dest.startsWith(this.temp + path.sep)) throw siteError(catalog.writeOutsideOutput(rel));
    return dest;
  }

  private async ensureDir(file: string): Promise<void> {
    const dir = path.dirname(file);
    if (this.made.has(dir)) return;
    await fsp.mkdir(dir, { recursive: true });
    this.made.add(dir);
  }
}

/** File-system failures said for the author: which folder, and what is wrong with it. */
function friendlyWriteError(error: unknown, target: string): unknown {
  let code = (error as NodeJS.ErrnoException)?.code;
  // mkdir -p through a file says EEXIST: it is the same problem as ENOTDIR.
  if (code === 'EEXIST') code = 'ENOTDIR';
  const failed = (error as NodeJS.ErrnoException)?.path ?? target;
  // A file that could not be made: name its folder, which is what the author must fix.
  const where = fs.existsSync(failed) ? failed : path.dirname(failed);
  const reasons: Record<string, string> = {
    EACCES: 'permission denied, the folder is read-only for this user',
    EPERM: 'the operation is not permitted (the folder is read-only or protected)',
    EROFS: 'the file system is read-only',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    ENOTDIR: 'a part of the path is a file, not a folder',
  };
  const reason = code ? reasons[code] : undefined;
  return reason ? siteError(catalog.outputNotWritable(where, reason), error) : error;
}
