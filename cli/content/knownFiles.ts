import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

/**
 * What `stat` says of a file, to tell it has not changed since a build read it: every
 * write sets its ctime (which no tool can set back), a file replaced by another (a rename,
 * a checkout) has another inode, and the times are in nanoseconds.
 */
export interface FileStamp {
  size: number;
  mtimeNs: string;
  ctimeNs: string;
  ino: string;
  dev: string;
}

/** The file's stamp, or undefined if it cannot be stat'ed (it is then read, and that says why). */
export function stampOf(absPath: string): FileStamp | undefined {
  let stat: fs.BigIntStats;
  try {
    stat = fs.statSync(absPath, { bigint: true });
  } catch {
    return undefined;
  }
  return { size: Number(stat.size), mtimeNs: String(stat.mtimeNs), ctimeNs: String(stat.ctimeNs), ino: String(stat.ino), dev: String(stat.dev) };
}

/**
 * The content key (`cacheKey`) each Markdown file had when an earlier build read it, by
 * its stamp: a rebuild finds an unchanged file's document without reading and hashing it
 * (2,000 docs: about 0.25 s of CPU, against 30 ms of stat calls).
 */
export interface KnownFiles {
  /** The key recorded for this file, if its stamp and settings (format and options, `parseSettings`) are what they were. */
  keyOf(file: string, settings: string, stamp: FileStamp): string | undefined;
  /** Records what this build read (replacing the last build's records at `flush`). */
  record(file: string, settings: string, stamp: FileStamp, key: string): void;
}

type Entry = [settings: string, size: number, mtimeNs: string, ctimeNs: string, ino: string, dev: string, key: string];

/**
 * A file's times tick coarsely (a few ms; seconds on some file systems): a second edit in
 * the tick of the first leaves the same stamp if the size stays. So a file changed less than
 * this long before the build started is not recorded, and is read again next time, as git
 * does with its "racily clean" entries. Only the files just edited pay for it.
 */
export const RACY_MS = 2000;

/**
 * The records of one site, in `dir` (the document cache's own folder, so they go with the
 * documents their keys name): one JSON file, replaced whole at `flush` (written aside and
 * renamed, so a killed build leaves the last whole one). One that cannot be read is none.
 * `startedAt` (ms) is when the build began, before any file was stat'ed.
 */
export function openKnownFiles(dir: string, siteDir: string, startedAt: number): KnownFiles & { flush(): void } {
  const file = path.join(dir, `files-${createHash('sha1').update(path.resolve(siteDir)).digest('hex').slice(0, 16)}.json`);
  let previous: Record<string, Entry> = {};
  try {
    previous = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Entry>;
  } catch {
    // None yet, or cut short: every file is read.
  }
  const racyFrom = BigInt(Math.floor(startedAt - RACY_MS)) * 1_000_000n;
  const next: Record<string, Entry> = {};
  return {
    keyOf(name, settings, stamp) {
      const entry = Object.hasOwn(previous, name) ? previous[name]! : undefined;
      if (!entry || entry[0] !== settings || entry[1] !== stamp.size || entry[2] !== stamp.mtimeNs || entry[3] !== stamp.ctimeNs || entry[4] !== stamp.ino || entry[5] !== stamp.dev) return undefined;
      return entry[6];
    },
    record(name, settings, stamp, key) {
      if (BigInt(stamp.ctimeNs) >= racyFrom || BigInt(stamp.mtimeNs) >= racyFrom) return;
      next[name] = [settings, stamp.size, stamp.mtimeNs, stamp.ctimeNs, stamp.ino, stamp.dev, key];
    },
    flush() {
      // Nothing to keep, and nothing kept: no file (each temporary site a test builds would leave one).
      if (Object.keys(next).length === 0 && Object.keys(previous).length === 0) return;
      const temp = `${file}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(temp, JSON.stringify(next));
        fs.renameSync(temp, file);
      } catch {
        // A record that cannot be written only costs speed.
        fs.rmSync(temp, { force: true });
      }
    },
  };
}
