import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST_FORMAT, openBuildCache, stampOf, type BuildManifest } from '../../cli/write/buildCache.ts';
import { MARKER_FILE } from '../../cli/write/outputFolder.ts';

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
