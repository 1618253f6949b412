import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';
import { assertSideFoldersFree, MARKER_FILE, markerText, sideFolders } from './outputFolder.ts';
import { acquireOutputLock, discardSpare, recoverOutputFolder, swapIn, takeSpare } from './swap.ts';
import { sameStamp, stampOf, type BuildManifest, type FileStamp, type OutputRecord } from './buildCache.ts';
import { digest } from '../render/pageInputs.ts';
import { stampOutputs, type OutputStamps } from './outputStamps.ts';
import { WriterThread } from './writerThread.ts';

/**
 * Writes a site into a fresh folder beside `outDir` and swaps it in on `commit()`. Files
 * are written as they are produced (a 10,000-page site is never held in memory whole),
 * each at once (`write`); copies of the site's own files with a bounded number in flight.
 * A failed or killed build never leaves a half-written `outDir`: the previous one stays
 * until the new one is complete (see swap.ts for the moment in between). Nothing is
 * written outside the new folder. Files may be written on a second thread (`writeOffThread`),
 * in the order given; `commit` waits for them.
 *
 * Given the previous build's manifest, a file whose bytes (or, for a copied file, whose
 * source) are the ones recorded is not written again: the new folder gets a hard link to
 * the previous build's file, which keeps its mtime and costs no bytes. The previous
 * `outDir` stays whole through this: a link adds a name, it changes no file, and no
 * file in the new folder is ever written in place once it is there (a later write of the
 * same path unlinks it first), so a kill at any moment leaves `outDir` as it was. Where
 * the file system cannot link, the file is copied with its mtime kept.
 *
 * When the manifest names a spare (the build before the previous one, kept in the build
 * cache by the last swap: see swap.ts, "The spare"), the new folder is that spare, updated
 * in place: most of its files are already the previous build's (the same inodes), so a
 * one-page rebuild makes a few links instead of one per file and one folder per page.
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
  /** How the previous build's files looked when this build started, stamped by a worker on a large site (outputStamps.ts). */
  private previousStamps: OutputStamps | undefined;
  /**
   * Set when the new folder is a recycled spare: the files it may hold that no longer belong
   * are its own `stale` ones and the previous build's (`this.previous`) that this build does
   * not keep or write, removed at commit. Listed then, not put in a set at the start (50,000
   * names at 10,000 docs: 50 ms of a rebuild).
   */
  private recycled: { stale: readonly string[] } | undefined;
  /** In a recycled spare: the files of the previous build that are not already there as that very file (see BuildManifest `spare.changed`). */
  private notInSpare: Set<string> | undefined;
  /** After commit: the folder this build replaced, kept as the next build's spare, for the manifest. */
  spare: BuildManifest['spare'];

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

  /** Where the build `outDir` replaced is kept for the next build (in the build cache), if anywhere. */
  private spareDir: string | undefined;
  /**
   * The spare the manifest names, taken as the new folder when the first file goes in (see
   * `begin`): a build that fails before (a broken link) leaves it for the next one.
   */
  private spareToTake: (NonNullable<BuildManifest['spare']> & { dir: string }) | undefined;
  private begun = false;

  /**
   * Takes the output folder (lock), repairs what a killed build left, and starts a new
   * folder: the spare in `spare` when the manifest names it (taken when the first file
   * goes in), else an empty one. `previous` reads the manifest of the build now in
   * `outDir` once it is repaired.
   */
  static async open(outDir: string, options: { previous?: (outDir: string) => BuildManifest | undefined; spare?: string; /** Tests: from how many files a worker stamps them (outputStamps.ts). */ stampWorkerFrom?: number } = {}): Promise<SiteWriter> {
    const target = path.resolve(outDir);
    let unlock: () => void = () => undefined;
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      unlock = acquireOutputLock(target);
      recoverOutputFolder(target);
      const writer = new SiteWriter(target, unlock, options.previous?.(target));
      writer.previousStamps = stampOutputs(target, Object.keys(writer.previous), (rel) => stampOf(inside(target, rel)), options.stampWorkerFrom);
      // Recovery removed an unfinished build of ours there; anything else is not ours to remove (checked before the build too).
      assertSideFoldersFree(target);
      await fsp.rm(writer.temp, { recursive: true, force: true });
      writer.spareDir = options.spare;
      const spare = writer.previousBuild?.spare;
      if (options.spare && spare) writer.spareToTake = { ...spare, dir: options.spare };
      else {
        // A spare no manifest names is not used: removed if ours.
        if (options.spare) discardSpare(options.spare, target);
        // Made now: a folder that cannot be written fails the build before the work.
        writer.begin();
      }
      return writer;
    } catch (error) {
      unlock();
      throw friendlyWriteError(error, target);
    }
  }

  /**
   * Starts the new folder, before its first file: the spare the manifest names, if it is
   * still that one (swap.ts, "The spare"), else an empty folder with a "writing" marker.
   */
  private begin(): void {
    if (this.begun) return;
    this.begun = true;
    const spare = this.spareToTake;
    try {
      if (spare && takeSpare(spare.dir, this.temp, spare.marker)) {
        // What the spare holds beyond the previous build's files: its own files that build did not have.
        this.recycled = { stale: spare.stale };
        if (spare.changed) this.notInSpare = new Set(spare.changed);
        return;
      }
      // Not as the manifest names it (changed, or no longer there): removed if ours.
      if (spare) discardSpare(spare.dir, this.target);
      fs.mkdirSync(this.temp);
      fs.writeFileSync(path.join(this.temp, MARKER_FILE), markerText('writing'));
    } catch (error) {
      throw friendlyWriteError(error, this.target);
    }
  }

  /** Copies one file in (static files, files next to the Markdown); later writes of the same path win. */
  async copyFile(from: string, to: string): Promise<void> {
    this.begin();
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
      this.ensureDirSync(dest);
      this.unlinkMade(to, dest);
      await fsp.copyFile(from, dest);
      this.record(to, dest, { source });
    }).done;
    if (this.failure) throw this.failure;
  }

  /**
   * Writes a file, at once. Synchronous, as links are (`reuse`): a write lands in the page
   * cache, and what it costs is the system calls' own CPU, which the promise API multiplied
   * (open, write and close each a round trip through the thread pool, and four pool threads
   * creating files in the same folders contend for the file system's locks). On two cores,
   * where rendering keeps both busy, 2,000 docs built cold in 10.1 s against 11.4 (CPU
   * 18.8 s against 21.2; medians of 4 alternated runs). When the second core is free, the
   * writer thread takes that CPU off this one (`writeOffThread`): the file is handed over,
   * written in turn there, and a failure is thrown by a later call or by `commit`.
   */
  async write(rel: string, contents: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    this.begin();
    const dest = this.destination(rel);
    // Hashing costs a fraction of writing (about 2 ms a MB); only worth it with a previous build.
    const hash = this.previous[rel]?.hash !== undefined || this.recording ? digest(contents) : undefined;
    if (hash !== undefined && this.previous[rel]?.hash === hash && this.reuse([rel])) return;
    const count = () => {
      this.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
      this.files++;
    };
    const thread = this.thread;
    if (thread && !this.lastOp.has(rel)) {
      // In the thread's order: a second write of the same path there removes the first file before.
      const unlink = this.written.has(rel);
      this.written.add(rel);
      count();
      this.writtenOffThread++;
      try {
        await thread.write(rel, dest, contents, { unlink, stamp: this.recording, hash });
      } catch (error) {
        this.failure ??= friendlyWriteError(error, this.target);
      }
      if (this.failure) throw this.failure;
      return;
    }
    const write = () => {
      this.ensureDirSync(dest);
      this.unlinkMade(rel, dest);
      fs.writeFileSync(dest, contents);
      count();
      this.record(rel, dest, { hash });
    };
    // After an earlier operation on the same path (a copy), in its turn.
    if (this.lastOp.has(rel)) await this.queue(rel, async () => write()).done;
    else {
      try {
        write();
      } catch (error) {
        this.failure ??= friendlyWriteError(error, this.target);
      }
    }
    if (this.failure) throw this.failure;
  }

  /** Whether outputs are recorded for a manifest (set by a build that keeps one). */
  recording = false;

  /** Set by `writeOffThread`: where files are written from then on. */
  private thread: WriterThread | undefined;
  /** Files written on the writer thread. */
  writtenOffThread = 0;

  /**
   * Writes files from here on on a second thread (writerThread.ts), in a new folder (a
   * recycled spare's files may stand in the way of a folder: see `clearWay`); a call when
   * none can start leaves the writing in turn, as before.
   */
  writeOffThread(): void {
    this.begin();
    if (!this.recycled && !this.thread && this.failure === null) this.thread = WriterThread.start();
  }

  /** Waits for the writer thread's files so far, and records their stamps (or its failure). */
  private async drainThread(): Promise<void> {
    const thread = this.thread;
    if (!thread) return;
    const { stamps, failure } = await thread.drain();
    if (this.recording) for (const { rel, hash, stamp } of stamps) this.outputs[rel] = { ...stamp, ...(hash !== undefined && { hash }) };
    if (failure) this.failure ??= friendlyWriteError(failure, this.target);
  }

  /** Whether the previous build is removed in the background (see swapIn); by default when the site is large. */
  backgroundRemoval: boolean | undefined;

  /**
   * Keeps files of the previous build as they are, when every one of them is still the
   * file the manifest recorded; false (and nothing done) when one is not.
   */
  reuse(files: readonly string[]): boolean {
    this.begin();
    const found: [string, OutputRecord][] = [];
    for (const rel of files) {
      const record = this.previous[rel];
      if (!record || !sameStamp(this.previousStamps ? this.previousStamps.get(rel) : stampOf(inside(this.target, rel)), record)) return false;
      found.push([rel, record]);
    }
    for (const [rel, record] of found) {
      // The common case of a rebuild, first and without paths or a closure (about 30,000 files at 10,000 docs).
      if (!this.lastOp.has(rel) && this.recycled && this.notInSpare && !this.notInSpare.has(rel) && !this.written.has(rel)) {
        this.keptInSpare(rel, record);
        continue;
      }
      const from = inside(this.target, rel);
      const dest = this.destination(rel);
      const link = () => {
        if (this.recycled && !this.written.has(rel)) {
          // The spare's file may already be this very file: nothing to do. The manifest says
          // which are (a stat each cost a one-page rebuild of 2,000 docs 7,000 calls); without it, stat says.
          let ino: number | undefined;
          if (this.notInSpare && !this.notInSpare.has(rel)) ino = record.ino;
          else {
            try {
              ino = fs.lstatSync(dest).ino;
            } catch {
              // Not there.
            }
          }
          if (ino === record.ino) {
            this.keptInSpare(rel, record);
            return;
          }
          if (ino !== undefined) fs.rmSync(dest, { recursive: true, force: true });
        }
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
      if (this.lastOp.has(rel) || this.thread?.paths.has(rel)) void this.queue(rel, async () => link());
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

  /** A file of the recycled spare that is already the previous build's file `rel` (the same inode): kept as it is. */
  private keptInSpare(rel: string, record: OutputRecord): void {
    this.written.add(rel);
    this.outputs[rel] = record;
    if (record.source === undefined) {
      this.bytes += record.size;
      this.files++;
    }
    this.reused++;
  }

  /** A file of the previous build, when it is still the file the manifest recorded. */
  readPrevious(rel: string): string | undefined {
    const record = this.previous[rel];
    const file = inside(this.target, rel);
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
    if (this.thread) {
      await this.drainThread();
      await this.thread.close();
      this.thread = undefined;
    }
    if (this.failure) throw this.failure;
    try {
      this.begin();
      if (this.recycled) this.removeStale([this.recycled.stale, Object.keys(this.previous)]);
      const marker = path.join(this.temp, MARKER_FILE);
      await fsp.writeFile(marker, markerText('complete'));
      this.marker = stampOf(marker);
      // A build whose previous build is described by a manifest keeps that build as the next one's spare.
      const spare = this.recording && this.previousBuild ? { marker: this.previousBuild.marker, stale: Object.keys(this.previous).filter((rel) => !Object.hasOwn(this.outputs, rel)), changed: this.changedSincePrevious() } : undefined;
      // A large previous build not kept is removed after the command exits; a small one at once.
      const kept = swapIn(this.temp, this.target, {
        background: this.backgroundRemoval ?? this.files + this.reused >= BACKGROUND_REMOVAL_FILES,
        ...(spare && this.spareDir !== undefined && { spare: this.spareDir }),
      });
      this.spare = kept ? spare : undefined;
    } catch (error) {
      throw friendlyWriteError(error, this.target);
    } finally {
      this.previousStamps?.close();
      this.unlock();
    }
  }

  /**
   * This build's files that are not the previous build's file of the same name: written, or
   * new. A file kept is that very file (linked from the previous build, after its stat was
   * found to be the recorded one), and keeps its record, the same object (`reuse`); a file
   * written, or a kept one that had to be copied, is recorded anew. Not by inode number: a
   * file removed from `build/` by hand frees its number, and the file written for it may get it.
   */
  private changedSincePrevious(): string[] {
    return Object.keys(this.outputs).filter((rel) => this.outputs[rel] !== this.previous[rel]);
  }

  /** Throws the new folder away; `outDir` stays as it was. */
  async abort(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    await this.thread?.close();
    this.thread = undefined;
    // Not begun: the spare, if any, is still in the cache, untouched, for the next build.
    // A recycled spare is a whole build: removed after the command exits, as a replaced build is.
    if (this.recycled) discardSpare(this.temp, this.target);
    else if (this.begun) await fsp.rm(this.temp, { recursive: true, force: true });
    this.previousStamps?.close();
    this.unlock();
  }

  /**
   * Starts `op` after the path's earlier operations. Awaiting the result waits only when
   * too many are in flight; `done` is the operation itself.
   */
  private queue(rel: string, op: () => Promise<void>): PromiseLike<void> & { done: Promise<void> } {
    // A path the writer thread has: after the thread has written it.
    const before = this.lastOp.get(rel) ?? (this.thread?.paths.has(rel) ? this.drainThread() : undefined);
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
  private unlinkMade(rel: string, dest: string): void {
    // In a recycled spare, whatever is there (a file, maybe a link to `outDir`'s, or a folder) goes first.
    if (this.recycled) fs.rmSync(dest, { recursive: true, force: true });
    else if (this.written.has(rel)) fs.rmSync(dest, { force: true });
    this.written.add(rel);
  }

  /**
   * The recycled spare's files this build neither kept nor wrote (`candidates` less what
   * was placed), and the folders they leave empty: the new folder then holds this build's
   * files only, as a cold build's does. Only files the manifest lists as ours are removed.
   */
  private removeStale(candidates: (readonly string[])[]): void {
    const folders = new Set<string>();
    for (const rel of candidates.flat()) {
      if (this.written.has(rel)) continue;
      const dest = this.destination(rel);
      try {
        if (!fs.lstatSync(dest).isFile()) continue;
      } catch {
        continue;
      }
      fs.rmSync(dest, { force: true });
      folders.add(path.dirname(dest));
    }
    // Deepest first, so a parent is tried once its children are gone.
    for (const start of [...folders].sort((a, b) => b.length - a.length)) {
      for (let dir = start; dir.startsWith(this.temp + path.sep); dir = path.dirname(dir)) {
        try {
          fs.rmdirSync(dir);
          this.made.delete(dir);
        } catch {
          break;
        }
      }
    }
  }

  private readonly written = new Set<string>();

  private record(rel: string, dest: string, what: { hash?: string; source?: string }): void {
    if (!this.recording) return;
    const stamp = stampOf(dest);
    if (stamp) this.outputs[rel] = { ...stamp, ...(what.hash !== undefined && { hash: what.hash }), ...(what.source !== undefined && { source: what.source }) };
  }

  /** The absolute path for an output-relative one; never outside the new folder. */
  private destination(rel: string): string {
    if (PLAIN_PATH.test(rel)) return `${this.temp}/${rel}`;
    const dest = path.resolve(this.temp, rel);
    if (!dest.startsWith(this.temp + path.sep)) throw siteError(catalog.writeOutsideOutput(rel));
    return dest;
  }

  private ensureDirSync(file: string): void {
    const dir = path.dirname(file);
    if (this.made.has(dir)) return;
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (error) {
      if (!this.clearWay(dir, error)) throw error;
      fs.mkdirSync(dir, { recursive: true });
    }
    this.made.add(dir);
  }

  /**
   * In a recycled spare, a file of the old build may stand where this one needs a folder
   * (a static file `x` became a page `x/`): it is removed. True when one was.
   */
  private clearWay(dir: string, error: unknown): boolean {
    const code = (error as NodeJS.ErrnoException).code;
    if (!this.recycled || (code !== 'ENOTDIR' && code !== 'EEXIST')) return false;
    const parts = path.relative(this.temp, dir).split(path.sep);
    for (let i = 1, at = this.temp; i <= parts.length; i++) {
      at = path.join(at, parts[i - 1]!);
      let stat: fs.Stats;
      try {
        stat = fs.lstatSync(at);
      } catch {
        return false;
      }
      if (!stat.isDirectory()) {
        fs.rmSync(at, { force: true });
        return true;
      }
    }
    return false;
  }
}

/**
 * An output path that `path.join` would leave as it is: relative, with "/" between
 * segments, none empty, "." or "..". Nearly all are, and joining them by hand saves a
 * rebuild the normalizing of 30,000 paths twice (10,000 docs: about 40 ms of CPU).
 */
const PLAIN_PATH = path.sep === '/' ? /^(?!\.{1,2}(?:\/|$))(?:[^/]+\/(?!\.{1,2}(?:\/|$)))*[^/]+$/ : /(?!)/;

/** `path.join(dir, rel)`, without the work when `rel` is plain (`PLAIN_PATH`). */
function inside(dir: string, rel: string): string {
  return PLAIN_PATH.test(rel) ? `${dir}/${rel}` : path.join(dir, rel);
}

/**
 * From this many files, the previous build is removed by a detached process after the
 * swap. Starting it costs the command 5–20 ms (and the process about 50 ms of CPU, about
 * what removing a 200-page build costs in CPU); but removing this site's build (404 files,
 * 415 folders) in the command took 0.5–1.8 s of wall time on a busy disk (ext4 with
 * discard), nearly all of it waiting, of a cold build of 2.2 s.
 */
const BACKGROUND_REMOVAL_FILES = 100;

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
    // The graph refuses names over 255 bytes (invariants.ts); a whole path can still be too long.
    ENAMETOOLONG: 'the path is longer than the file system allows (use a shorter --out-dir)',
  };
  const reason = code ? reasons[code] : undefined;
  return reason ? siteError(catalog.outputNotWritable(where, reason), error) : error;
}
