import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { PageAssets } from '../render/document.ts';
import type { IndexMemo } from '../search/buildIndex.ts';
import { isLockStamp, MARKER_FILE, readMarker, sideFolders } from './outputFolder.ts';
import { removeInBackground } from './removeInBackground.ts';
import { isRunning, parseStamp } from '../process.ts';

/**
 * What one build wrote, kept for the next build of the same output folder: for each
 * output file, what it is (its bytes' hash, or its source's stamp for a copied file) and
 * how it looks on disk (size, mtime, inode) when this build left it; for each page, the
 * fingerprint of its inputs and its files. The next build reuses a file only when the
 * folder is still the one recorded (its marker's inode and mtime) and the file still looks
 * as recorded, so a hand-edited output, a `--no-cache` build or another tool's build in
 * between are never taken for ours.
 */
export interface BuildManifest {
  format: typeof MANIFEST_FORMAT;
  /** The config's hash (`buildIdOf`): another config reuses no page. */
  configId: string;
  marker: FileStamp;
  outputs: Record<string, OutputRecord>;
  /**
   * Route path → the fingerprint its files were made from, what its lookups in the graph
   * found (pageInputs.ts `readsDigest`), those files, and those lookups.
   */
  pages: Record<string, { fingerprint: string; readsDigest?: string; files: string[]; reads?: string[] }>;
  /** What the graph's tables answered lookups with (pageInputs.ts `tablesDigest`): the same next time, no page's lookups are redone. */
  tables?: string;
  bundle?: { key: string; assets: PageAssets; firstLoadBytes: number; files: string[] };
  /** What the search index was packed from (see packIndex): a rebuild packs the shards that changed. */
  search?: IndexMemo;
  /**
   * What later builds read off each document's tree, by document content key (a document
   * is a pure function of it): whether it may show doc cards. A rebuild then parses the
   * trees of the pages it renders only (see documentCache.ts).
   */
  documents?: { cards: Record<string, boolean> };
  /**
   * The build this one replaced, kept in the cache as the next build's folder to update
   * (swap.ts, "The spare"): its marker, and its files this build does not have (its others
   * are this build's `outputs`).
   */
  spare?: {
    marker: FileStamp;
    stale: string[];
    /**
     * This build's files that are not the spare's file of the same name (written by this
     * build, or new in it). The spare's others are this build's very files (the same inodes:
     * linked from it), so the next build keeps them without a stat each.
     */
    changed?: string[];
  };
  /** The names of the attachments saved with it (set by `save`), for `readAttachments`. */
  attachments?: string[];
}

export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** An output file: `hash` of its bytes (made files) or `source` stamp (copied files), and how it looked. */
export interface OutputRecord extends FileStamp {
  hash?: string;
  source?: string;
}

/** Bumped when the manifest's shape or meaning changes: old manifests are then not read. */
export const MANIFEST_FORMAT = 8;

/**
 * The build cache: one manifest per output folder, in a folder named for the generator's
 * own version (`generatorStamp`), next to the document cache. Safe to delete: without it
 * the next build is a cold one. Folders of other versions are removed when one is opened.
 * Spares (whole builds) are in a folder of their own, `spare/`, not a version's: a build of
 * a new version finds the spare its manifest does not name and removes it in the
 * background (swap.ts), where removing the version's folder would take seconds at once.
 * What it keeps for an output folder that is gone is removed when it is opened (`pruneGone`).
 */
export interface BuildCache {
  /** The manifest of the build now in `outDir`, if this cache made it and it is still there. */
  load(outDir: string): BuildManifest | undefined;
  /** Forgets `outDir`'s manifest: called before its folder is replaced, so a kill in between leaves none. */
  forget(outDir: string): void;
  /**
   * Where the build `outDir` replaced is kept for the next build to update in place
   * (swap.ts, "The spare"): in this cache, so it goes with it and nothing of ours stays
   * beside the output folder. Only a manifest of this version names it as a spare to take.
   */
  spareOf(outDir: string): string;
  /**
   * `spareOf`, for a build of `outDir` that may leave a spare and a manifest: records first
   * which folder they are kept for, so that they go once it is gone (`pruneGone`).
   */
  claimSpare(outDir: string): string;
  /**
   * Saves the manifest, and beside it, written before it, files too large to be part of
   * it (`attachments`, by name: the split search index's state); those of earlier builds
   * are removed. An attachment must stand on its own (the split state holds what it was
   * made from): one left by another build may only cost speed. The attachments are written
   * by the thread pool while the manifest is made into JSON and written aside (10,000 docs:
   * 52 MB, and 14 MB of JSON); the manifest is renamed into place once they are in.
   */
  save(outDir: string, manifest: BuildManifest, attachments?: Record<string, Uint8Array>): Promise<void>;
  /**
   * Starts reading the attachments of the manifest `load` gave, in the background (by the
   * thread pool, while the build renders): `attachment` then has them at hand, once
   * `attachmentsRead` says they are read. Not when the manifest is loaded: 52 MB held
   * through reading and checking the site raised a 10,000-doc rebuild's peak.
   */
  readAttachments(outDir: string): void;
  /** Waits for the attachments `readAttachments` began to read. */
  attachmentsRead(outDir: string): Promise<void>;
  /** An attachment saved with `outDir`'s manifest (given once: it is not kept here after). */
  attachment(outDir: string, name: string): Buffer | undefined;
}

const SPARES = 'spare';
/** Beside the spare `<key>`, the file `<key>.owner` names the output folder it is kept for (`claimSpare`). */
const OWNER = '.owner';
/**
 * Under `spare/`, where spares no folder owns are moved to be removed (`pruneGone`):
 * `removed-PID` by the process that prunes, then `removed.old-PID` by the one removing it.
 */
const REMOVED = /^removed(?:-|\.old-)(\d+)$/;

export function openBuildCache(root: string, generatorStamp: string): BuildCache {
  const version = createHash('sha1').update(`${MANIFEST_FORMAT}\0${generatorStamp}`).digest('hex').slice(0, 12);
  const dir = path.join(root, version);
  try {
    for (const entry of fs.readdirSync(root)) if (entry !== version && entry !== SPARES) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  } catch {
    // No cache yet.
  }
  pruneGone(root, dir);
  const keyOf = (outDir: string) => createHash('sha1').update(path.resolve(outDir)).digest('hex').slice(0, 16);
  const fileOf = (outDir: string) => path.join(dir, `${keyOf(outDir)}.json`);
  // The attachments of each manifest loaded, by output folder; those being read, or read, by file.
  const attachmentNames = new Map<string, string[]>();
  const reading = new Map<string, Promise<Buffer | undefined>>();
  const read = new Map<string, Buffer | undefined>();
  return {
    load(outDir) {
      let manifest: BuildManifest;
      try {
        manifest = JSON.parse(fs.readFileSync(fileOf(outDir), 'utf8')) as BuildManifest;
      } catch {
        return undefined;
      }
      if (manifest?.format !== MANIFEST_FORMAT || !trustworthy(manifest)) return undefined;
      // Another build (cold, or by hand) replaced the folder since: its files are not ours to reuse.
      if (!sameStamp(stampOf(path.join(outDir, MARKER_FILE)), manifest.marker)) return undefined;
      attachmentNames.set(outDir, manifest.attachments ?? []);
      return manifest;
    },
    readAttachments(outDir) {
      for (const name of attachmentNames.get(outDir) ?? []) {
        const file = `${fileOf(outDir)}.${name}`;
        if (reading.has(file)) continue;
        reading.set(
          file,
          readWhole(file).then(
            (bytes) => (read.set(file, bytes), bytes),
            () => undefined,
          ),
        );
      }
    },
    forget(outDir) {
      fs.rmSync(fileOf(outDir), { force: true });
    },
    /** A cache that cannot be written only costs speed next time. */
    async save(outDir, manifest, attachments = {}) {
      // Not read by this build: not held to the end of it.
      reading.clear();
      read.clear();
      try {
        fs.mkdirSync(dir, { recursive: true });
        const file = fileOf(outDir);
        const written = Promise.all(
          Object.entries(attachments).map(async ([name, bytes]) => {
            await fsp.writeFile(`${file}.${name}.tmp`, bytes);
            await fsp.rename(`${file}.${name}.tmp`, `${file}.${name}`);
          }),
        );
        // Written aside while the attachments are (10,000 docs: 14 MB, 36 ms the build waited
        // for after them), and named only once they are in: the manifest names them.
        fs.writeFileSync(`${file}.tmp`, JSON.stringify({ ...manifest, attachments: Object.keys(attachments) }));
        await written;
        fs.renameSync(`${file}.tmp`, file);
        // Attachments of the builds before.
        const base = path.basename(file);
        for (const entry of fs.readdirSync(dir)) {
          if (entry.startsWith(`${base}.`) && entry !== `${base}.tmp` && !Object.hasOwn(attachments, entry.slice(base.length + 1))) fs.rmSync(path.join(dir, entry), { force: true });
        }
      } catch {
        // Next build is cold.
      }
    },
    spareOf(outDir) {
      return path.join(root, SPARES, keyOf(outDir));
    },
    claimSpare(outDir) {
      const spare = path.join(root, SPARES, keyOf(outDir));
      const owner = `${spare}${OWNER}`;
      try {
        if (readText(owner) !== path.resolve(outDir)) {
          fs.mkdirSync(path.dirname(owner), { recursive: true });
          fs.writeFileSync(owner, path.resolve(outDir));
        }
      } catch {
        // Not recorded: the spare and manifest are removed at the next open (a later build is colder, nothing is lost).
      }
      return spare;
    },
    async attachmentsRead(outDir) {
      const prefix = `${fileOf(outDir)}.`;
      await Promise.all([...reading].filter(([file]) => file.startsWith(prefix)).map(([, bytes]) => bytes));
    },
    attachment(outDir, name) {
      const file = `${fileOf(outDir)}.${name}`;
      if (reading.has(file)) {
        reading.delete(file);
        const bytes = read.get(file);
        read.delete(file);
        if (bytes) return bytes;
      }
      try {
        return fs.readFileSync(file);
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Whether a manifest read back has the shape this version writes, and names only files
 * inside the output folder: one changed by hand, damaged on disk or written by something
 * else is not used at all (the build is then cold; nothing is lost but time), rather than
 * failing the build where a field is read, or naming `../` paths for it to check and
 * remove. A file's stamp and hash are only ever compared with what is on disk (`===`), so
 * a wrong one is a file not kept: only their records' being objects is checked. 25-40 ms at
 * 10,000 docs (52,000 output files: the first call, as a build makes it, is the slowest), of a
 * rebuild's 2.3 s.
 */
function trustworthy(manifest: BuildManifest): boolean {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const isPathList = (value: unknown) => Array.isArray(value) && value.every(isOutputPath);
  const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
  const { outputs, pages, bundle, spare, attachments } = manifest as unknown as Record<string, unknown>;
  if (typeof manifest.configId !== 'string' || !isRecord(manifest.marker) || !isRecord(outputs) || !isRecord(pages)) return false;
  for (const rel in outputs) if (!isOutputPath(rel) || !isRecord(outputs[rel])) return false;
  for (const route in pages) {
    const page = pages[route];
    // Its files are kept only as `outputs` records them: a path not there is a page rendered again.
    if (!isRecord(page) || typeof page.fingerprint !== 'string' || !isStringList(page.files)) return false;
    if ((page.readsDigest !== undefined && typeof page.readsDigest !== 'string') || (page.reads !== undefined && !isStringList(page.reads))) return false;
  }
  if (bundle !== undefined && (!isRecord(bundle) || typeof bundle.key !== 'string' || !isStringList(bundle.files) || !isRecord(bundle.assets))) return false;
  if (spare !== undefined && (!isRecord(spare) || !isRecord(spare.marker) || !isPathList(spare.stale) || (spare.changed !== undefined && !isPathList(spare.changed)))) return false;
  if (manifest.search !== undefined && !trustworthyIndexMemo(manifest.search)) return false;
  if (manifest.documents !== undefined) {
    const cards = manifest.documents?.cards as unknown;
    if (!isRecord(cards)) return false;
    for (const key in cards) if (typeof cards[key] !== 'boolean') return false;
  }
  return attachments === undefined || (Array.isArray(attachments) && attachments.every((name) => typeof name === 'string' && /^[a-z]+$/.test(name)));
}

/**
 * The search index's memo (`IndexMemo`): a page's record count says how many files its
 * records are in, and each is looked for (a number damaged into a billion was a build that
 * never ended). No page of a file the loader takes has near a million records.
 */
function trustworthyIndexMemo(memo: unknown): boolean {
  if (typeof memo !== 'object' || memo === null) return false;
  const { options, pages, shards, split } = memo as Record<string, unknown>;
  if (typeof options !== 'string' || (split !== undefined && typeof split !== 'string') || typeof pages !== 'object' || pages === null || typeof shards !== 'object' || shards === null) return false;
  for (const key in pages) {
    const page = (pages as Record<string, unknown>)[key] as Record<string, unknown> | null;
    if (typeof page !== 'object' || page === null || !Number.isInteger(page.records) || !((page.records as number) >= 0 && (page.records as number) < 1_000_000) || !Number.isFinite(page.bytes)) return false;
    if ((page.shard !== undefined && typeof page.shard !== 'string') || (page.at !== undefined && !Number.isInteger(page.at))) return false;
  }
  for (const key in shards) if (typeof (shards as Record<string, unknown>)[key] !== 'string') return false;
  return true;
}

/** A path as the build names its output files: relative, in `/` segments, none of them empty, `.` or `..`. */
function isOutputPath(rel: unknown): boolean {
  if (typeof rel !== 'string' || rel === '') return false;
  // Most paths have no segment that starts with a dot (one regular expression, the quickest
  // of the ways measured); the others (`.well-known/…`) are looked at segment by segment.
  return !ODD_PATH.test(rel) || (!BAD_PATH.test(rel) && rel.split('/').every((segment) => segment !== '.' && segment !== '..'));
}

const BAD_PATH = /^\/|\/\/|\/$|\0/;
const ODD_PATH = /^\/|\/\/|\/$|\0|(?:^|\/)\./;

/**
 * A file's bytes, read at once: `fsp.readFile` reads a large file 512 KB at a time, a trip
 * through the thread pool each (the search state at 10,000 docs: 100 trips, 52-55 ms on an
 * idle machine against 35-38 ms in one read).
 */
async function readWhole(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafe(size);
    for (let done = 0; done < size; ) {
      const { bytesRead } = await handle.read(bytes, done, size - done, done);
      if (bytesRead === 0) throw new Error(`${file} was cut short while it was read`);
      done += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/**
 * Removes what the cache keeps for output folders that are gone. A spare is a whole build
 * and a manifest with its attachments can be tens of MB (10,000 docs: 66 MB), so keeping
 * them for every folder ever built (a test run's or a CI job's temporary ones) fills the
 * disk: this repository's own test runs had left 70 spares, 3.1 GB. Each spare's owner
 * file (`claimSpare`, written before the build can leave a spare) names its output folder;
 * when that folder is gone and no build of it is under way (no `.tmp` or `.old` beside
 * it, no lock of a running build), the owner file, the manifest with its attachments and
 * the spare go. A spare or a manifest with no owner file (left by an earlier version, or a
 * folder pruned while a build of it began) goes too. A build that finds its spare or manifest gone is only
 * slower: a spare is never the only copy of a build (swap.ts, "The spare"), and one is
 * taken by a rename, so it is either taken whole or moved aside whole, never both.
 * Spares (and leftovers of a removal that was killed) are moved aside here and removed
 * by one background process.
 */
function pruneGone(root: string, versionDir: string): void {
  const spares = path.join(root, SPARES);
  let names: string[];
  try {
    names = fs.readdirSync(spares);
  } catch {
    return;
  }
  const owned = new Set<string>();
  const discard: string[] = [];
  for (const name of names) {
    if (!name.endsWith(OWNER)) continue;
    const key = name.slice(0, -OWNER.length);
    const outDir = readText(path.join(spares, name));
    if (outDir === undefined) continue;
    const { lock, temp, old } = sideFolders(outDir);
    if ([outDir, temp, old].some((place) => fs.existsSync(place)) || lockHeld(lock)) owned.add(key);
    // Where it cannot be removed (a cache this user may not change), the spare and manifest it names stay too (checked below).
    else removeFile(path.join(spares, name));
  }
  for (const name of names) {
    const leftover = REMOVED.exec(name);
    if (leftover) {
      if (!isRunning(Number(leftover[1]))) discard.push(path.join(spares, name));
    } else if (/^[0-9a-f]{16}$/.test(name) && !owned.has(name) && !fs.existsSync(path.join(spares, `${name}${OWNER}`)) && readMarker(path.join(spares, name)) !== null) {
      // Owned by no folder (checked again now: a build that began since wrote its owner file before it could leave this).
      discard.push(path.join(spares, name));
    }
  }
  let manifests: string[] = [];
  try {
    manifests = fs.readdirSync(versionDir);
  } catch {
    // No manifests of this version yet.
  }
  for (const name of manifests) {
    const key = /^([0-9a-f]{16})\.json/.exec(name)?.[1];
    if (key !== undefined && !owned.has(key) && !fs.existsSync(path.join(spares, `${key}${OWNER}`))) removeFile(path.join(versionDir, name));
  }
  if (discard.length === 0) return;
  // One folder, removed by one process, however many spares there are.
  const removed = path.join(spares, `removed-${process.pid}`);
  try {
    fs.mkdirSync(removed, { recursive: true });
    for (const dir of discard) {
      try {
        fs.renameSync(dir, path.join(removed, path.basename(dir)));
      } catch {
        // Taken or removed by another process since.
      }
    }
    if (!removeInBackground(removed, path.join(spares, 'removed'))) fs.rmSync(removed, { recursive: true, force: true });
  } catch {
    // Left for the next open.
  }
}

/** Whether a build holds this lock: a lock left by a build that was killed holds nothing (swap.ts `acquireOutputLock`). */
function lockHeld(lock: string): boolean {
  const text = readText(lock);
  if (text === undefined) return false;
  if (!isLockStamp(text)) return true;
  const { pid, start } = parseStamp(text);
  return isRunning(pid, start);
}

/** Removes a file; false when it could not be (a cache this user may not change only stays as it is). */
function removeFile(file: string): boolean {
  try {
    fs.rmSync(file, { force: true });
    return true;
  } catch {
    return false;
  }
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A file's size, mtime and inode, or undefined when it is not a plain file. */
export function stampOf(file: string): FileStamp | undefined {
  try {
    const stat = fs.lstatSync(file);
    return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino } : undefined;
  } catch {
    return undefined;
  }
}

export function sameStamp(a: FileStamp | undefined, b: FileStamp | undefined): boolean {
  return a !== undefined && b !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}
