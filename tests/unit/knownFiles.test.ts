import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { cacheKey } from '../../cli/content/loadContent.ts';
import { openKnownFiles, RACY_MS, type FileStamp } from '../../cli/content/knownFiles.ts';
import type { LoadedDocument } from '../../cli/content/loadDocument.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * A rebuild finds an unchanged file's document by its stat, without reading it. A changed
 * file must never be taken for unchanged: same size, same mtime, replaced by another file,
 * edited in the tick the last build read it, its document gone from the cache.
 */
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'known-files-'));
  temps.push(dir);
  return dir;
}

const quiet = createReporter({ quiet: true });
const stamp: FileStamp = { size: 120, mtimeNs: '1700000000123456789', ctimeNs: '1700000000123456789', ino: '42', dev: '7' };
// Long after the stamp's times: it is not "racily clean".
const later = 1700000000123 + 60_000;

describe('the recorded stamps of a site', () => {
  it('give the key back only for the same stamp and format', () => {
    const dir = tempDir();
    const first = openKnownFiles(dir, '/site', later);
    first.record('docs/a.md', 'md', stamp, 'KEY');
    first.flush();
    const known = openKnownFiles(dir, '/site', later);
    expect(known.keyOf('docs/a.md', 'md', { ...stamp })).toBe('KEY');
    expect(known.keyOf('docs/a.md', 'mdx', stamp)).toBeUndefined();
    expect(known.keyOf('docs/b.md', 'md', stamp)).toBeUndefined();
    for (const [field, value] of [['size', 121], ['mtimeNs', '1700000000123456790'], ['ctimeNs', '1700000000123456790'], ['ino', '43'], ['dev', '8']] as const) {
      expect(known.keyOf('docs/a.md', 'md', { ...stamp, [field]: value }), field).toBeUndefined();
    }
    // Another site's records are its own.
    expect(openKnownFiles(dir, '/other-site', later).keyOf('docs/a.md', 'md', stamp)).toBeUndefined();
    // Each build's records replace the last: a file it did not see is gone.
    known.flush();
    expect(openKnownFiles(dir, '/site', later).keyOf('docs/a.md', 'md', stamp)).toBeUndefined();
  });

  it('leave out a file changed within RACY_MS of the build start (a second edit in the same tick keeps the stamp)', () => {
    const dir = tempDir();
    const startedAt = 1700000000123 + RACY_MS - 1;
    const first = openKnownFiles(dir, '/site', startedAt);
    first.record('docs/a.md', 'md', stamp, 'KEY');
    first.record('docs/b.md', 'md', { ...stamp, ctimeNs: '1690000000000000000' }, 'KEY-B');
    first.record('docs/c.md', 'md', { ...stamp, ctimeNs: '1690000000000000000', mtimeNs: '1690000000000000000' }, 'KEY-C');
    first.flush();
    const known = openKnownFiles(dir, '/site', startedAt);
    expect(known.keyOf('docs/a.md', 'md', stamp)).toBeUndefined();
    expect(known.keyOf('docs/b.md', 'md', { ...stamp, ctimeNs: '1690000000000000000' })).toBeUndefined();
    expect(known.keyOf('docs/c.md', 'md', { ...stamp, ctimeNs: '1690000000000000000', mtimeNs: '1690000000000000000' })).toBe('KEY-C');
  });

  it('a record file cut short is no record', () => {
    const dir = tempDir();
    const first = openKnownFiles(dir, '/site', later);
    first.record('docs/a.md', 'md', stamp, 'KEY');
    first.flush();
    const [file] = fs.readdirSync(dir);
    fs.truncateSync(path.join(dir, file!), 20);
    expect(openKnownFiles(dir, '/site', later).keyOf('docs/a.md', 'md', stamp)).toBeUndefined();
  });
});

describe('a rebuild with recorded stamps', () => {
  // The build is taken to start a minute from now: every file is old enough to be recorded
  // (a real build waits RACY_MS for that), so these edits are all that tells them apart.
  const analyzeWith = async (site: string, records: string, cache: Map<string, LoadedDocument>, options: { maxFileSize?: number } = {}) => {
    const config = await loadConfig(site);
    if (options.maxFileSize) config.markdown.maxFileSize = options.maxFileSize;
    const knownFiles = openKnownFiles(records, site, Date.now() + 60_000);
    let found = 0;
    const counting = { keyOf: (...args: Parameters<typeof knownFiles.keyOf>) => { const key = knownFiles.keyOf(...args); if (key) found++; return key; }, record: knownFiles.record };
    const analysis = await analyze(config, { reporter: quiet, cache, knownFiles: counting });
    knownFiles.flush();
    return { analysis, found };
  };
  const keyNow = (site: string, file: string) => cacheKey({ area: 'docs', relPath: file.slice('docs/'.length), file, format: 'mdx', text: fs.readFileSync(path.join(site, file), 'utf8') });
  const titleOf = (analysis: Awaited<ReturnType<typeof analyze>>, file: string) => {
    const route = analysis.graph.byPath.get(analysis.graph.fileRoutes.get(file) ?? '');
    return route && 'document' in route ? route.document.title : undefined;
  };

  // An mtime `utimes` can set again to the nanosecond (it takes seconds as a float).
  const WHOLE_SECOND = new Date('2024-01-02T03:04:05Z');
  const setUp = () => {
    const site = writeTempSite({
      'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true };\n',
      'docs/a.md': '---\ntitle: Alpha\n---\n\nFirst text.\n',
      'docs/b.md': '---\ntitle: Bravo\n---\n\nOther text.\n',
    });
    temps.push(site);
    for (const file of ['docs/a.md', 'docs/b.md']) fs.utimesSync(path.join(site, file), WHOLE_SECOND, WHOLE_SECOND);
    return { site, records: tempDir(), cache: new Map<string, LoadedDocument>() };
  };

  it('finds unchanged files by their stamp, and sees an edit that keeps the size and the mtime', async () => {
    const { site, records, cache } = setUp();
    await analyzeWith(site, records, cache);
    const file = path.join(site, 'docs/a.md');
    fs.writeFileSync(file, '---\ntitle: Aloha\n---\n\nFirst text.\n');
    fs.utimesSync(file, WHOLE_SECOND, WHOLE_SECOND);
    expect(fs.statSync(file, { bigint: true }).mtimeNs).toBe(BigInt(WHOLE_SECOND.getTime()) * 1_000_000n);
    const { analysis, found } = await analyzeWith(site, records, cache);
    expect(found).toBe(1);
    expect(titleOf(analysis, 'docs/a.md')).toBe('Aloha');
    expect(analysis.documentKeys.get('docs/a.md')).toBe(keyNow(site, 'docs/a.md'));
    expect(analysis.documentKeys.get('docs/b.md')).toBe(keyNow(site, 'docs/b.md'));
  });

  it('sees a file replaced by another of the same size and mtime', async () => {
    const { site, records, cache } = setUp();
    await analyzeWith(site, records, cache);
    const file = path.join(site, 'docs/b.md');
    fs.writeFileSync(`${file}.new`, '---\ntitle: Bingo\n---\n\nOther text.\n');
    fs.utimesSync(`${file}.new`, WHOLE_SECOND, WHOLE_SECOND);
    fs.renameSync(`${file}.new`, file);
    const { analysis } = await analyzeWith(site, records, cache);
    expect(titleOf(analysis, 'docs/b.md')).toBe('Bingo');
  });

  it('reads a recorded file whose document is no longer cached', async () => {
    const { site, records, cache } = setUp();
    await analyzeWith(site, records, cache);
    const { analysis, found } = await analyzeWith(site, records, new Map());
    expect(found).toBe(2);
    expect(titleOf(analysis, 'docs/a.md')).toBe('Alpha');
    expect(analysis.documentKeys.get('docs/a.md')).toBe(keyNow(site, 'docs/a.md'));
    expect(analysis.diagnostics).toEqual([]);
  });

  it('still refuses a recorded file over a lowered size limit', async () => {
    const { site, records, cache } = setUp();
    await analyzeWith(site, records, cache);
    const { analysis } = await analyzeWith(site, records, cache, { maxFileSize: 10 });
    expect(analysis.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file)).toEqual(['docs/a.md', 'docs/b.md']);
  });

  it('sees an edited partial that a recorded document imports', async () => {
    const { site, records, cache } = setUp();
    fs.writeFileSync(path.join(site, 'docs/c.mdx'), "---\ntitle: Charlie\n---\nimport Part from './_part.mdx';\n\n<Part />\n");
    fs.writeFileSync(path.join(site, 'docs/_part.mdx'), '## Partial one\n');
    fs.utimesSync(path.join(site, 'docs/_part.mdx'), WHOLE_SECOND, WHOLE_SECOND);
    await analyzeWith(site, records, cache);
    fs.writeFileSync(path.join(site, 'docs/_part.mdx'), '## Partial two\n');
    fs.utimesSync(path.join(site, 'docs/_part.mdx'), WHOLE_SECOND, WHOLE_SECOND);
    const { analysis, found } = await analyzeWith(site, records, cache);
    expect(found).toBe(3);
    expect(analysis.graph.partials.get('docs/_part.mdx')?.headings.map((h) => h.value)).toEqual(['Partial two']);
  });
});
