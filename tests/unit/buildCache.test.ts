import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MANIFEST_FORMAT, openBuildCache, stampOf, type BuildManifest } from '../../cli/write/buildCache.ts';
import { MARKER_FILE, markerText } from '../../cli/write/outputFolder.ts';

/** The build cache's attachments: files too large for the manifest (the split search index's state). */
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** An output folder with a marker, and a manifest that names it. */
function setUp() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-'));
  temps.push(work);
  const outDir = path.join(work, 'build');
  fs.mkdirSync(outDir);
  fs.writeFileSync(path.join(outDir, MARKER_FILE), 'complete');
  const manifest: BuildManifest = { format: MANIFEST_FORMAT, configId: 'c', marker: stampOf(path.join(outDir, MARKER_FILE))!, outputs: {}, pages: {} };
  const root = path.join(work, 'cache');
  const attachmentFiles = () => fs.readdirSync(root, { recursive: true }).map(String).filter((name) => /\.json\.\w+$/.test(name));
  return { outDir, manifest, root, attachmentFiles };
}

describe('the build cache\'s attachments', () => {
  it('are read in the background when asked to once the manifest is loaded, and given once', async () => {
    const { outDir, manifest, root, attachmentFiles } = setUp();
    const bytes = Buffer.from('the state of the split index');
    await openBuildCache(root, 'v1').save(outDir, manifest, { search: bytes });
    expect(attachmentFiles()).toHaveLength(1);
    const next = openBuildCache(root, 'v1');
    expect(next.load(outDir)?.configId).toBe('c');
    next.readAttachments(outDir);
    await next.attachmentsRead(outDir);
    // Read already: the file is not needed any more.
    fs.rmSync(path.join(root, attachmentFiles()[0]!));
    expect(next.attachment(outDir, 'search')).toEqual(bytes);
    // Not held after it was given.
    expect(next.attachment(outDir, 'search')).toBeUndefined();
  });

  it('are read when asked for without a manifest loaded first', async () => {
    const { outDir, manifest, root } = setUp();
    await openBuildCache(root, 'v1').save(outDir, manifest, { search: Buffer.from('state') });
    expect(openBuildCache(root, 'v1').attachment(outDir, 'search')).toEqual(Buffer.from('state'));
  });

  it('of an earlier build are removed when a build saves others', async () => {
    const { outDir, manifest, root, attachmentFiles } = setUp();
    await openBuildCache(root, 'v1').save(outDir, manifest, { search: Buffer.from('one'), other: Buffer.from('two') });
    expect(attachmentFiles()).toHaveLength(2);
    await openBuildCache(root, 'v1').save(outDir, manifest, { search: Buffer.from('three') });
    expect(attachmentFiles()).toHaveLength(1);
    const next = openBuildCache(root, 'v1');
    next.load(outDir);
    next.readAttachments(outDir);
    await next.attachmentsRead(outDir);
    expect(next.attachment(outDir, 'search')).toEqual(Buffer.from('three'));
    expect(next.attachment(outDir, 'other')).toBeUndefined();
  });
});

describe('what the build cache keeps for an output folder', () => {
  /** A build of `outDir` through the cache as `build` does it: claimed, a spare left (a folder with our marker), a manifest and an attachment saved. */
  async function builtWithCache(root: string, outDir: string, version = 'v1') {
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, MARKER_FILE), markerText('complete'));
    const cache = openBuildCache(root, version);
    const spare = cache.claimSpare(outDir);
    fs.mkdirSync(spare, { recursive: true });
    fs.writeFileSync(path.join(spare, MARKER_FILE), markerText('complete'));
    fs.writeFileSync(path.join(spare, 'index.html'), 'the build before');
    const manifest: BuildManifest = { format: MANIFEST_FORMAT, configId: 'c', marker: stampOf(path.join(outDir, MARKER_FILE))!, outputs: {}, pages: {} };
    await cache.save(outDir, manifest, { search: Buffer.from('state') });
    return spare;
  }

  /** A folder for output folders, with the cache in it. */
  function cacheWork(name: string): { work: string; root: string } {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), `build-cache-${name}-`));
    temps.push(work);
    return { work, root: path.join(work, 'cache') };
  }

  /** The files of the cache's folder for the version `v1` (manifests and attachments). */
  const versionFiles = (root: string) => fs.readdirSync(root).filter((name) => name !== 'spare').flatMap((dir) => fs.readdirSync(path.join(root, dir)));

  /** Waits for the background removal of what was moved aside (at most 10 s). */
  async function removedInBackground(root: string): Promise<string[]> {
    const left = () => fs.readdirSync(path.join(root, 'spare')).filter((name) => name.startsWith('removed'));
    for (let waited = 0; left().length > 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    return left();
  }

  it('goes when the folder is gone: its spare, its manifest and the manifest\'s attachments; another folder\'s stay', async () => {
    const { work, root } = cacheWork('gone');
    const gone = path.join(work, 'preview-1');
    const kept = path.join(work, 'build');
    const goneSpare = await builtWithCache(root, gone);
    const keptSpare = await builtWithCache(root, kept);
    expect(versionFiles(root)).toHaveLength(4);
    fs.rmSync(gone, { recursive: true });

    const cache = openBuildCache(root, 'v1');
    // Moved aside at once (a spare is a whole build: removed in the background).
    expect(fs.existsSync(goneSpare)).toBe(false);
    expect(cache.load(gone)).toBeUndefined();
    expect(versionFiles(root)).toHaveLength(2);
    expect(await removedInBackground(root)).toEqual([]);
    // The other folder's, untouched: its build finds its manifest, attachment and spare.
    expect(cache.load(kept)?.configId).toBe('c');
    expect(cache.attachment(kept, 'search')).toEqual(Buffer.from('state'));
    expect(fs.readFileSync(path.join(keptSpare, 'index.html'), 'utf8')).toBe('the build before');
    // Nothing is left of the gone folder's: the other folder's spare and owner file only.
    expect(fs.readdirSync(path.join(root, 'spare')).sort()).toEqual([path.basename(keptSpare), `${path.basename(keptSpare)}.owner`].sort());
  });

  it('stays while a build of the folder is under way (a lock, or the new build beside it), and across generator versions', async () => {
    const { work, root } = cacheWork('busy');
    const locked = path.join(work, 'locked');
    const swapping = path.join(work, 'swapping');
    const lockedSpare = await builtWithCache(root, locked);
    const swappingSpare = await builtWithCache(root, swapping);
    // A build holds the lock beside its folder from start to end; between a swap's two renames only `.tmp` (or `.old`) is there.
    fs.rmSync(locked, { recursive: true });
    fs.writeFileSync(path.join(work, '.locked.lock'), `${process.pid}\n`);
    fs.renameSync(swapping, `${swapping}.tmp`);
    openBuildCache(root, 'v1');
    expect(fs.existsSync(lockedSpare)).toBe(true);
    expect(fs.existsSync(swappingSpare)).toBe(true);
    expect(versionFiles(root)).toHaveLength(4);
    // A new generator version removes the old one's manifests; the spares stay for the builds that find them (swap.ts).
    openBuildCache(root, 'v2');
    expect(fs.existsSync(lockedSpare)).toBe(true);
    expect(fs.existsSync(swappingSpare)).toBe(true);
    // A lock left by a build that was killed holds nothing: the folder is gone.
    fs.writeFileSync(path.join(work, '.locked.lock'), '999999999\n');
    openBuildCache(root, 'v2');
    expect(fs.existsSync(lockedSpare)).toBe(false);
    expect(fs.existsSync(swappingSpare)).toBe(true);
    expect(await removedInBackground(root)).toEqual([]);
  });

  it('is left as it is where this user may not change the cache: opening it never fails', async () => {
    const { work, root } = cacheWork('locked');
    const gone = path.join(work, 'gone');
    const spare = await builtWithCache(root, gone);
    fs.rmSync(gone, { recursive: true });
    // As a cache owned by another user (root's, read by a build run as nobody): nothing in it can be removed or moved.
    const denied = () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    };
    const rm = vi.spyOn(fs, 'rmSync').mockImplementation(denied);
    const rename = vi.spyOn(fs, 'renameSync').mockImplementation(denied);
    const mkdir = vi.spyOn(fs, 'mkdirSync').mockImplementation(denied);
    try {
      expect(() => openBuildCache(root, 'v1')).not.toThrow();
      expect(rm).toHaveBeenCalled();
    } finally {
      rm.mockRestore();
      rename.mockRestore();
      mkdir.mockRestore();
    }
    // Nothing of it was taken apart: the owner file, the manifest and the spare are as they were.
    expect(fs.existsSync(`${spare}.owner`)).toBe(true);
    expect(versionFiles(root)).toHaveLength(2);
    expect(fs.readFileSync(path.join(spare, 'index.html'), 'utf8')).toBe('the build before');
  });

  it('goes when no folder owns it (a spare an earlier version left); a folder in the cache without our marker, and a removal still running, stay', async () => {
    const { work, root } = cacheWork('orphan');
    const spares = path.join(root, 'spare');
    const orphan = path.join(spares, '0123456789abcdef');
    const notOurs = path.join(spares, 'fedcba9876543210');
    const running = path.join(spares, `removed.old-${process.pid}`);
    const killed = path.join(spares, 'removed.old-999999999');
    for (const dir of [orphan, notOurs, running, killed]) fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(orphan, MARKER_FILE), markerText('complete'));
    fs.writeFileSync(path.join(notOurs, 'notes.txt'), 'someone\'s');
    fs.writeFileSync(path.join(killed, 'half-removed.html'), 'a spare whose removal was killed');
    // A folder built with a cache whose owner file is lost (a folder pruned while its build began): its spare and manifest have no owner.
    const out = path.join(work, 'out');
    const outSpare = await builtWithCache(root, out);
    fs.rmSync(`${outSpare}.owner`);
    expect(versionFiles(root)).toHaveLength(2);
    const cache = openBuildCache(root, 'v1');
    expect(versionFiles(root)).toEqual([]);
    expect(fs.existsSync(outSpare)).toBe(false);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(killed)).toBe(false);
    expect(fs.existsSync(running)).toBe(true);
    expect(fs.readFileSync(path.join(notOurs, 'notes.txt'), 'utf8')).toBe('someone\'s');
    fs.rmSync(running, { recursive: true });
    expect(await removedInBackground(root)).toEqual([]);
    // The folder's next build claims its spare again.
    expect(cache.claimSpare(out)).toBe(outSpare);
    expect(fs.readFileSync(`${outSpare}.owner`, 'utf8')).toBe(path.resolve(out));
  });
});
