import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';
import { MARKER_FILE, readMarker } from './outputFolder.ts';
import { isRunning } from '../process.ts';

/**
 * The folders around an output folder `build/`:
 * - `build.tmp/`: the next build, written aside; its marker says "complete" once every
 *   file is in;
 * - `build.old/`: the previous build, for the moment between the two renames of a swap;
 * - `.build.lock`: the process id of the build writing them.
 */
export function sideFolders(target: string): { temp: string; old: string; lock: string } {
  const dir = path.dirname(target);
  const name = path.basename(target);
  return { temp: `${target}.tmp`, old: `${target}.old`, lock: path.join(dir, `.${name}.lock`) };
}

/**
 * Takes the output folder for this process. A lock left by a process that no longer runs
 * (a killed build) is taken over; one held by a running build is refused.
 * Returns the function that releases it.
 */
export function acquireOutputLock(target: string): () => void {
  const { lock } = sideFolders(target);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lock, 'utf8').trim());
      // Our own id: another writer of this process holds it.
      if (pid === process.pid || isRunning(pid)) {
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
 * The previous build is then removed. With `background`, a detached process removes it,
 * so the command can exit at once: on a loaded disk, removing 2,000 page folders took
 * 9–17 s of a 15 s rebuild in which one page changed. The folder is first renamed to
 * `build.old-PID`, PID being the remover's: recovery leaves it to that process while it
 * runs (a build right after this one does not wait for it, nor removes it a second time)
 * and removes what is left if it was killed (our marker goes last).
 */
export function swapIn(temp: string, target: string, options: { background?: boolean } = {}): void {
  const { old } = sideFolders(target);
  const hadPrevious = fs.existsSync(target);
  if (hadPrevious) fs.renameSync(target, old);
  fs.renameSync(temp, target);
  if (hadPrevious && !(options.background && removeInBackground(old, target))) fs.rmSync(old, { recursive: true, force: true });
}

/**
 * Moves `dir` to `${target}.old-PID` and removes it there in a detached process `PID`, at
 * low priority; false (and `dir` left where it was) when no process could be started.
 */
function removeInBackground(dir: string, target: string): boolean {
  // The folder is named only once the process runs, so the process waits for it (briefly).
  const script = `const fs = require('node:fs'), path = require('node:path');
const dir = process.argv[1] + process.pid, marker = ${JSON.stringify(MARKER_FILE)};
let waited = 0;
const remove = () => {
  if (!fs.existsSync(dir)) { if ((waited += 50) < 5000) setTimeout(remove, 50); return; }
  for (const name of fs.readdirSync(dir)) if (name !== marker) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
};
remove();`;
  let pid: number | undefined;
  try {
    const child = spawn(process.execPath, ['-e', script, `${target}.old-`], { detached: true, stdio: 'ignore' });
    // A failure after the start is reported here, once the build is done: the next build's recovery removes the folder.
    child.on('error', () => undefined);
    child.unref();
    pid = child.pid;
  } catch {
    // No process: removed here.
  }
  if (pid === undefined) return false;
  try {
    fs.renameSync(dir, `${target}.old-${pid}`);
  } catch {
    // Its process finds nothing and ends; removed here.
    return false;
  }
  try {
    os.setPriority(pid, 19);
  } catch {
    // Normal priority, then.
  }
  return true;
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
