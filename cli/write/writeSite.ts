import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';
import { MARKER_FILE, markerText } from './outputFolder.ts';
import { acquireOutputLock, recoverOutputFolder, sideFolders, swapIn } from './swap.ts';
import { sameStamp, stampOf, type BuildManifest, type FileStamp, type OutputRecord } from './buildCache.ts';
import { digest } from '../render/pageInputs.ts';

/**
 * Writes a site into a fresh folder beside `outDir` and swaps it in on `commit()`. Files
 * are written as they are produced (a 10,000-page site is never held in memory whole),
 * with a bounded number of writes in flight. A failed or killed build never leaves a
 * half-written `outDir`: the previous one stays until the new one is complete (see
 * swap.ts for the moment in between). Nothing is written outside the new folder.
 *
 * Given the previous build's manifest, a file whose bytes (or, for a copied file, whose
 * source) are the ones recorded is not written again: the new folder gets a hard link to
 * the previous build's file, which keeps its mtime and costs no bytes. The previous
 * `outDir` stays whole through this: a link adds a name, it changes no file, and no
 * file in the new folder is ever written in place once it is there (a later write of the
 * same path unlinks it first), so a kill at any moment leaves `outDir` as it was. Where
 * the file system cannot link, the file is copied with its mtime kept.
 */
export class SiteWriter {
  readonly target: string;
  private readonly temp: string;
  private readonly made = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  /** The last operation on each output path: operations on one path run in order. */
  private readonly lastOp = new Map<string, Promise<void>>();
  private failure: unknown = null;
  /** What each file of the new folder is and how it looks, for the next build's manifest. */
  readonly outputs: Record<string, OutputRecord> = {};
  /** The new folder's marker as it was left, once committed. */
  marker: FileStamp | undefined;
  bytes = 0;
  files = 0;
  /** Files kept from the previous build rather than written. */
  reused = 0;

  private readonly previous: Record<string, OutputRecord>;

  private constructor(
    outDir: string,
    private readonly unlock: () => void,
    /** The manifest of the build that was in `outDir` when this one started, if any. */
    readonly previousBuild: BuildManifest | undefined,
  ) {
    this.target = path.resolve(outDir);
    this.temp = sideFolders(this.target).temp;
    this.previous = previousBuild?.outputs ?? {};
  }

  /**
   * Takes the output folder (lock), repairs what a killed build left, and starts a new
   * folder. `previous` reads the manifest of the build now in `outDir` once it is repaired.
   */
  static async open(outDir: string, options: { previous?: (outDir: string) => BuildManifest | undefined } = {}): Promise<SiteWriter> {
    const target = path.resolve(outDir);
    let unlock: () => void = () => undefined;
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      unlock = acquireOutputLock(target);
      recoverOutputFolder(target);
      const writer = new SiteWriter(target, unlock, options.previous?.(target));
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
    let source: string | undefined;
    try {
      const stat = fs.statSync(from);
      source = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
    } catch {
      // Copying reports it.
    }
    if (source !== undefined && this.previous[to]?.source === source && this.reuse([to])) return;
    await this.queue(to, async () => {
      await this.ensureDir(dest);
      await this.unlinkMade(to, dest);
      await fsp.copyFile(from, dest);
      this.record(to, dest, { source });
    }).done;
    if (this.failure) throw this.failure;
  }

  /** Queues a file; waits only when too many writes are in flight. */
  async write(rel: string, contents: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    const dest = this.destination(rel);
    // Hashing costs a fraction of writing (about 2 ms a MB); only worth it with a previous build.
    const hash = this.previous[rel]?.hash !== undefined || this.recording ? digest(contents) : undefined;
    if (hash !== undefined && this.previous[rel]?.hash === hash && this.reuse([rel])) return;
    await this.queue(rel, async () => {
      await this.ensureDir(dest);
      await this.unlinkMade(rel, dest);
      await fsp.writeFile(dest, contents);
      this.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
      this.files++;
      this.record(rel, dest, { hash });
    });
  }

  /** Whether outputs are recorded for a manifest (set by a build that keeps one). */
  recording = false;

  /** Whether the previous build is removed in the background (see swapIn); by default when the site is large. */
  backgroundRemoval: boolean | undefined;

  /**
   * Keeps files of the previous build as they are, when every one of them is still the
   * file the manifest recorded; false (and nothing done) when one is not.
   */
  reuse(files: readonly string[]): boolean {
    const found: [string, OutputRecord][] = [];
    for (const rel of files) {
      const record = this.previous[rel];
      if (!record || !sameStamp(stampOf(path.join(this.target, rel)), record)) return false;
      found.push([rel, record]);
    }
    for (const [rel, record] of found) {
      const from = path.join(this.target, rel);
      const dest = this.destination(rel);
      const link = () => {
        this.ensureDirSync(dest);
        if (this.written.has(rel)) fs.rmSync(dest, { force: true });
        this.written.add(rel);
        try {
          fs.linkSync(from, dest);
          this.outputs[rel] = record;
        } catch {
          // No hard links here (another file system, a FAT drive): a copy that keeps the mtime.
          fs.copyFileSync(from, dest);
          fs.utimesSync(dest, new Date(), new Date(record.mtimeMs));
          this.record(rel, dest, { hash: record.hash, source: record.source });
        }
        // Counted as writes are: copied files are the site's own, not counted.
        if (record.source === undefined) {
          this.bytes += record.size;
          this.files++;
        }
        this.reused++;
      };
      // Synchronous: a link is one cheap system call, and thousands of promises cost more
      // than the links. After an earlier write of the same path, in its turn.
      const pending = this.lastOp.get(rel);
      if (pending) void this.queue(rel, async () => link());
      else {
        try {
          link();
        } catch (error) {
          this.failure ??= friendlyWriteError(error, this.target);
        }
      }
    }
    return true;
  }

  /** A file of the previous build, when it is still the file the manifest recorded. */
  readPrevious(rel: string): string | undefined {
    const record = this.previous[rel];
    const file = path.join(this.target, rel);
    if (!record || !sameStamp(stampOf(file), record)) return undefined;
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Waits for every write, marks the new folder complete, then swaps it in for `outDir`. */
  async commit(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
    try {
      const marker = path.join(this.temp, MARKER_FILE);
      await fsp.writeFile(marker, markerText('complete'));
      this.marker = stampOf(marker);
      // A large previous build is removed after the command exits; a small one at once.
      swapIn(this.temp, this.target, { background: this.backgroundRemoval ?? this.files + this.reused >= BACKGROUND_REMOVAL_FILES });
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

  /**
   * Starts `op` after the path's earlier operations. Awaiting the result waits only when
   * too many are in flight; `done` is the operation itself.
   */
  private queue(rel: string, op: () => Promise<void>): PromiseLike<void> & { done: Promise<void> } {
    const before = this.lastOp.get(rel);
    const task = (before ? before.then(op) : op()).catch((error: unknown) => {
      this.failure ??= friendlyWriteError(error, this.target);
    });
    this.lastOp.set(rel, task);
    this.inFlight.add(task);
    void task.finally(() => {
      this.inFlight.delete(task);
      if (this.lastOp.get(rel) === task) this.lastOp.delete(rel);
    });
    const room = this.inFlight.size >= 64 ? Promise.race(this.inFlight) : Promise.resolve();
    return { then: room.then.bind(room) as Promise<void>['then'], done: task };
  }

  /**
   * A path written twice (a static file the generator also makes): the first file goes
   * before the second is written. Never written through: it may be a link to the previous build.
   */
  private async unlinkMade(rel: string, dest: string): Promise<void> {
    if (this.written.has(rel)) await fsp.rm(dest, { force: true });
    this.written.add(rel);
  }

  private readonly written = new Set<string>();

  private record(rel: string, dest: string, what: { hash?: string; source?: string }): void {
    if (!this.recording) return;
    const stamp = stampOf(dest);
    if (stamp) this.outputs[rel] = { ...stamp, ...(what.hash !== undefined && { hash: what.hash }), ...(what.source !== undefined && { source: what.source }) };
  }

  /** The absolute path for an output-relative one; never outside the new folder. */
  private destination(rel: string): string {
    const dest = path.resolve(this.temp, rel);
    if (!dest.startsWith(this.temp + path.sep)) throw siteError(catalog.writeOutsideOutput(rel));
    return dest;
  }

  private ensureDirSync(file: string): void {
    const dir = path.dirname(file);
    if (this.made.has(dir)) return;
    fs.mkdirSync(dir, { recursive: true });
    this.made.add(dir);
  }

  private async ensureDir(file: string): Promise<void> {
    const dir = path.dirname(file);
    if (this.made.has(dir)) return;
    await fsp.mkdir(dir, { recursive: true });
    this.made.add(dir);
  }
}

/**
 * From this many files, the previous build is removed by a detached process after the
 * swap: starting it costs about 50 ms of CPU, removing a 200-page build (400 files) less.
 */
const BACKGROUND_REMOVAL_FILES = 1000;

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
