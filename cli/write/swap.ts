import fs from 'node:fs';
import path from 'node:path';
import { siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';
import { isLockStamp, MARKER_FILE, markerText, readMarker, sideFolders } from './outputFolder.ts';
import { sameStamp, stampOf, type FileStamp } from './buildCache.ts';
import { isRunning, parseStamp, processStamp } from '../process.ts';
import { removeInBackground } from './removeInBackground.ts';

/**
 * How a build replaces its output folder. The folders around an output folder `build/`
 * (named by outputFolder.ts sideFolders):
 * - `build.tmp/`: the next build, written aside; its marker says "complete" once every
 *   file is in;
 * - `build.old/`: the previous build, for the moment between the two renames of a swap;
 * - `.build.lock`: the process id of the build writing them.
 *
 * The spare. A build with a build cache does not remove the build it replaced: after the
 * swap it renames `build.old/` into the cache (`BuildCache.spareOf`, under the generator's
 * `node_modules/.cache/site-build/`), and the manifest it saves names that folder (its
 * marker's size, mtime and inode) and the files it holds that the new build does not. The
 * next build renames the spare to `build.tmp/` and brings it to the new build's files: a
 * file kept from `build/` is linked in unless the spare's is already that very file (same
 * inode: linked from it by the build before), a file written is unlinked first (it may be
 * a link to `build/`'s file: nothing is ever written through one), the files neither kept
 * nor written are removed, with the folders left empty, and the marker is rewritten. So a
 * one-page rebuild of 2,000 docs makes a few links instead of 4,000 folders and 7,000
 * links, and removes no whole build. Where the spare cannot go (the cache on another file
 * system: EXDEV; anything else), the old build is removed as without a cache. A spare goes
 * with its output folder: once the folder is gone, the cache removes it (buildCache.ts `pruneGone`).
 *
 * The rules that keep `build/` whole, at every instant (a kill at any step):
 * - the spare is never `build/` and never becomes it: it leaves the cache only by a rename
 *   to `build.tmp/`, while `build/` exists, and `build.tmp/` becomes `build/` only once its
 *   marker says complete. Its marker is rewritten as "writing" before that rename, in the
 *   cache, so no `build.tmp/` is ever a complete build that is not the new one;
 * - it is never the only copy of a build: it is `build.old/` after the swap, once the new
 *   `build/` is in place. Deleting the cache loses nothing (the next build is cold);
 * - the manifest is forgotten before the swap and saved after the spare is in place: a
 *   build killed in between leaves a spare no manifest names, and a spare no manifest
 *   names as it now is (that, a `--no-cache` build since, a spare whose marker changed) is
 *   not used, and is removed only if it carries our marker, else left where it is;
 * - a file of the spare is removed only when the manifest lists it as one of ours (so a
 *   file put into `build/` by hand, which no manifest lists, comes back with the spare two
 *   builds later: finding it would mean listing every folder, about 50 ms at 2,000 docs);
 * - a spare killed while being updated is `build.tmp/` with a "writing" marker: the next
 *   run's recovery removes it, as any unfinished build; `--no-cache` neither takes nor keeps one.
 */

/**
 * Takes the output folder for this process. A lock left by a process that no longer runs
 * (a killed build) is taken over; one held by a running build is refused.
 * Returns the function that releases it.
 */
export function acquireOutputLock(target: string): () => void {
  const { lock } = sideFolders(target);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, processStamp(), { flag: 'wx' });
      return () => fs.rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = fs.readFileSync(lock, 'utf8');
      // Not a lock this generator wrote: a file of someone's, never removed.
      if (!isLockStamp(text)) throw siteError(catalog.outputSideTaken(lock, target, MARKER_FILE));
      const { pid, start } = parseStamp(text);
      // Our own id: another writer of this process holds it.
      if (pid === process.pid || isRunning(pid, start)) {
        throw siteError(catalog.outputLocked(target, pid, lock));
      }
      fs.rmSync(lock, { force: true });
    }
  }
  throw siteError(catalog.outputLocked(target, 0, lock));
}

/**
 * Puts the output folder back in order after a build that was killed, before anything
 * else is done with it:
 * - killed between the swap's two renames (no `build/`): the new build, if complete,
 *   else the previous one, becomes `build/` again;
 * - then whatever is left beside it that this generator made (`build.tmp/`, `build.old/`,
 *   and the `build.tmp-PID`/`build.old-PID` folders of earlier versions whose process is
 *   gone) is removed. Folders without our marker, or not shaped like a build, stay.
 * Call with the lock held.
 */
export function recoverOutputFolder(target: string): void {
  const { temp, old } = sideFolders(target);
  if (!fs.existsSync(target)) {
    if (readMarker(temp) === 'complete') fs.renameSync(temp, target);
    else if (readMarker(old) !== null) fs.renameSync(old, target);
  }
  for (const dir of [temp, old]) if (readMarker(dir) !== null) fs.rmSync(dir, { recursive: true, force: true });
  const parent = path.dirname(target);
  const legacy = new RegExp(`^${escapeRegExp(path.basename(target))}\\.(tmp|old)-(\\d+)$`);
  let names: string[] = [];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const match = legacy.exec(name);
    if (!match || isRunning(Number(match[2]))) continue;
    const dir = path.join(parent, name);
    if (readMarker(dir) !== null || looksLikeBuild(dir)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * For readers of the output folder (`serve`): if a build was killed mid-swap, put the
 * folder back first. Leaves it alone while a build is running (that build will).
 */
export function repairOutputFolder(target: string): void {
  const { temp, old } = sideFolders(target);
  if (fs.existsSync(target) || (!fs.existsSync(temp) && !fs.existsSync(old))) return;
  let unlock: () => void;
  try {
    unlock = acquireOutputLock(target);
  } catch {
    return;
  }
  try {
    recoverOutputFolder(target);
  } finally {
    unlock();
  }
}

/**
 * Replaces `target` with the finished `temp` folder. Between the two renames there is no
 * `target`; a build killed there is put right by `recoverOutputFolder` on the next run,
 * which finds both folders complete. Renames are synchronous: two system calls on the
 * main thread, nothing else runs in between.
 *
 * With `spare` (a folder in the build cache), the previous build is then moved there as
 * the next build's spare (see the note at the top of this file), and true is returned. Otherwise, or when it
 * cannot go there, it is removed. With `background`, a detached process removes it,
 * so the command can exit at once: on a loaded disk, removing 2,000 page folders took
 * 9–17 s of a 15 s rebuild in which one page changed. The folder is first renamed to
 * `build.old-PID`, PID being the remover's: recovery leaves it to that process while it
 * runs (a build right after this one does not wait for it, nor removes it a second time)
 * and removes what is left if it was killed (our marker goes last).
 */
export function swapIn(temp: string, target: string, options: { background?: boolean; spare?: string } = {}): boolean {
  const { old } = sideFolders(target);
  const hadPrevious = fs.existsSync(target);
  if (hadPrevious) fs.renameSync(target, old);
  fs.renameSync(temp, target);
  if (!hadPrevious) return false;
  // Kept as the spare (see the note at the top of this file) only now, with the new build in place: never the only copy.
  if (options.spare !== undefined && keepAsSpare(old, options.spare)) return true;
  if (!(options.background && removeInBackground(old, target))) fs.rmSync(old, { recursive: true, force: true });
  return false;
}

/** Renames `old` to `spare`; false (and `old` left) when there is one already or the rename fails (EXDEV: another file system). */
function keepAsSpare(old: string, spare: string): boolean {
  if (fs.existsSync(spare)) return false;
  try {
    fs.mkdirSync(path.dirname(spare), { recursive: true });
    fs.renameSync(old, spare);
    return true;
  } catch {
    return false;
  }
}

/**
 * Takes the spare (see the note at the top of this file) as the folder the next build is written in, when it is
 * the one `stamp` names: its marker rewritten as "writing" (in the cache, so no complete
 * build is ever renamed beside `target` but the new one), then renamed to `temp`. False
 * when it is not there or not that one (the caller then discards it), or cannot be moved.
 */
export function takeSpare(spare: string, temp: string, stamp: FileStamp): boolean {
  const marker = path.join(spare, MARKER_FILE);
  if (!sameStamp(stampOf(marker), stamp)) return false;
  try {
    fs.writeFileSync(marker, markerText('writing'));
    fs.renameSync(spare, temp);
    return true;
  } catch {
    return false;
  }
}

/**
 * A spare not taken (or a taken spare of a build that failed): removed if it carries our
 * marker, in the background (it is a whole build), else left as it is.
 */
export function discardSpare(spare: string, target: string): void {
  if (readMarker(spare) === null) return;
  if (!removeInBackground(spare, target)) fs.rmSync(spare, { recursive: true, force: true });
}

/** An earlier version's leftover: it wrote no marker, but always these. */
function looksLikeBuild(dir: string): boolean {
  try {
    const names = new Set(fs.readdirSync(dir));
    return names.size === 0 || names.has(MARKER_FILE) || names.has('page-data') || (names.has('assets') && names.has('404.html'));
  } catch {
    return false;
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
