import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { build } from '../../cli/pipeline/build.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { openDiskCache } from '../../cli/content/documentCache.ts';
import { openBuildCache } from '../../cli/write/buildCache.ts';
import type { IndexOptions } from '../../cli/search/buildIndex.ts';
import { openKnownFiles, RACY_MS } from '../../cli/content/knownFiles.ts';
import { runCli } from '../helpers/cli.ts';
import { filesOf, writeTempSite } from '../helpers/memorySite.ts';
import { random } from '../../bench/random.ts';

/**
 * Incremental builds: after any sequence of edits, a build that keeps what did not change
 * must be the same, byte for byte and file for file, as a cold build of the same input.
 * The edits are random (a seeded generator, so a failure can be replayed): add, edit a
 * paragraph, change a title or sidebar position, rename, delete, move between categories,
 * edit a blog post, change the config.
 */
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  temps.push(dir);
  return dir;
}

/** Every folder under a folder: an incremental build leaves no folder a cold build would not make. */
function foldersOf(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((rel) => fs.statSync(path.join(dir, rel)).isDirectory()).map((rel) => rel.split(path.sep).join('/')).sort();
}

/** The inode of a build folder's marker: the same folder keeps it, through renames. */
function markerInode(dir: string): number | undefined {
  try {
    return fs.statSync(path.join(dir, '.site-build')).ino;
  } catch {
    return undefined;
  }
}


const WORDS = 'wallet invoice network fee callback refund ledger token merchant checkout swap payout'.split(' ');

function docText(title: string, position: number, words: string[]): string {
  return `---\ntitle: ${title}\nsidebar_position: ${position}\ndescription: About ${title.toLowerCase()}.\n---\n\n# ${title}\n\n${words.join(' ')}.\n\n## Details\n\nSee [the introduction](/intro/) and ![logo](/img/logo.svg).\n\n- ${words.slice(0, 3).join('\n- ')}\n`;
}

describe('an incremental build', () => {
  it('is the same as a cold build after each of a sequence of random edits', () => randomEdits({}), 300_000);
  // Every page of the split search index (kept, or made again from the previous build's state).
  it('is the same as a cold build after each of a sequence of random edits, with a split search index', () => randomEdits({ splitPages: 1 }), 300_000);
});

async function randomEdits(searchIndex: IndexOptions) {
  {
    const seed = Number(process.env.INCREMENTAL_SEED ?? 20240521);
    const rand = random(seed);
    const pick = <T,>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const sentence = () => Array.from({ length: 8 + Math.floor(rand() * 20) }, () => pick(WORDS));
    const site = writeTempSite({
      'site.config.ts': 'export default { title: "T", tagline: "one", url: "https://t.example", trailingSlash: true };\n',
      'docs/intro.md': '---\nslug: /intro\n---\n# Intro\n\nStart here.\n',
      'docs/cat-a/_category_.json': '{ "label": "Category A", "position": 2 }',
      'docs/cat-b/_category_.json': '{ "label": "Category B", "position": 3, "link": { "type": "generated-index" } }',
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>',
      'blog/2024-01-02-hello.md': '---\ntitle: Hello\n---\nFirst post.\n\n<!-- truncate -->\n\nMore.\n',
    });
    temps.push(site);
    let next = 0;
    const docs = new Set<string>();
    const add = () => {
      const file = `docs/${pick(['cat-a', 'cat-b', 'cat-b/deep'])}/page-${next++}.md`;
      fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      fs.writeFileSync(path.join(site, file), docText(`Page ${next}`, Math.floor(rand() * 5), sentence()));
      docs.add(file);
      return `add ${file}`;
    };
    for (let i = 0; i < 6; i++) add();

    const edits: (() => string)[] = [
      add,
      () => {
        const file = pick([...docs]);
        const text = fs.readFileSync(path.join(site, file), 'utf8');
        fs.writeFileSync(path.join(site, file), text.replace(/\n\n([a-z].*)\.\n/, `\n\n${sentence().join(' ')}.\n`));
        return `edit a paragraph of ${file}`;
      },
      () => {
        const file = pick([...docs]);
        const text = fs.readFileSync(path.join(site, file), 'utf8');
        fs.writeFileSync(path.join(site, file), text.replace(/^title: .*$/m, `title: Retitled ${next++}`).replace(/^sidebar_position: .*$/m, `sidebar_position: ${Math.floor(rand() * 5)}`));
        return `retitle and reorder ${file}`;
      },
      () => {
        const file = pick([...docs]);
        const to = file.replace(/page-\d+/, `page-${next++}`);
        fs.renameSync(path.join(site, file), path.join(site, to));
        docs.delete(file);
        docs.add(to);
        return `rename ${file} → ${to}`;
      },
      () => {
        if (docs.size < 3) return add();
        const file = pick([...docs]);
        fs.rmSync(path.join(site, file));
        docs.delete(file);
        return `delete ${file}`;
      },
      () => {
        const file = pick([...docs]);
        const to = `docs/${file.includes('cat-a') ? 'cat-b' : 'cat-a'}/${path.basename(file)}`;
        fs.renameSync(path.join(site, file), path.join(site, to));
        docs.delete(file);
        docs.add(to);
        return `move ${file} → ${to}`;
      },
      () => {
        fs.writeFileSync(path.join(site, 'blog/2024-01-02-hello.md'), `---\ntitle: Hello ${next++}\n---\n${sentence().join(' ')}.\n\n<!-- truncate -->\n\nMore.\n`);
        return 'edit the blog post';
      },
      () => {
        // trailingSlash moves every page's file (a/index.html ↔ a.html): folders come and go in the output.
        const trailingSlash = rand() < 0.7;
        fs.writeFileSync(path.join(site, 'site.config.ts'), `export default { title: "T", tagline: "${pick(WORDS)}", url: "https://t.example", trailingSlash: ${trailingSlash} };\n`);
        return `change the config (trailingSlash: ${trailingSlash})`;
      },
    ];

    const work = tempDir('incremental');
    const documents = openDiskCache(path.join(work, 'documents'), 'test');
    const buildCache = openBuildCache(path.join(work, 'builds'), 'test');
    const reporter = createReporter({ quiet: true });
    const incremental = path.join(work, 'incremental');
    const cold = path.join(work, 'cold');
    const history: string[] = [];
    // Builds that updated the spare (the build before last, kept in the build cache) in place.
    let throughSpare = 0;
    // Files are found by their recorded stat once they are RACY_MS old: the first ones are by then.
    await new Promise((resolve) => setTimeout(resolve, RACY_MS + 100));
    let foundByStamp = 0;
    let lastSearch: Map<string, { bytes: Buffer; mtimeMs: number }> | undefined;
    for (let step = 0; step < 12; step++) {
      history.push(step === 0 ? 'first build' : pick(edits)());
      const startedAt = Date.now();
      const config = await loadConfig(site);
      const known = openKnownFiles(documents.dir, site, startedAt);
      const knownFiles = { keyOf: (...args: Parameters<typeof known.keyOf>) => { const key = known.keyOf(...args); if (key) foundByStamp++; return key; }, record: known.record };
      const spare = markerInode(buildCache.spareOf(incremental));
      await build(config, { reporter, cache: documents, knownFiles, buildCache, outDir: incremental, searchIndex });
      if (spare !== undefined && markerInode(incremental) === spare) throughSpare++;
      documents.flush();
      known.flush();
      await build(config, { reporter, outDir: cold, searchIndex });
      const got = filesOf(incremental);
      const want = filesOf(cold);
      const where = `seed ${seed}, after: ${history.join('; ')}`;
      expect([...got.keys()].sort(), where).toEqual([...want.keys()].sort());
      expect(foldersOf(incremental), where).toEqual(foldersOf(cold));
      for (const [file, bytes] of want) expect(got.get(file)?.equals(bytes), `${file} (${where})`).toBe(true);
      // The search index's files the last build wrote with the same bytes are not written
      // again (a deploy that syncs by name, hash or mtime uploads only what changed); a term
      // fragment whose bytes it had keeps its name. (A config change rebuilds everything.)
      const searchFiles = new Map([...got].filter(([file]) => file.startsWith('search/')).map(([file, bytes]) => [file, { bytes, mtimeMs: fs.statSync(path.join(incremental, file)).mtimeMs }]));
      if (lastSearch && !history.at(-1)!.startsWith('change the config')) {
        const nameOf = new Map([...lastSearch].map(([file, { bytes }]) => [bytes.toString('base64'), file]));
        for (const [file, { bytes, mtimeMs }] of searchFiles) {
          const then = lastSearch.get(file);
          if (then?.bytes.equals(bytes)) expect(mtimeMs, `${file} (${where})`).toBe(then.mtimeMs);
          if (file.startsWith('search/terms-')) expect(nameOf.get(bytes.toString('base64')) ?? file, `${file} (${where})`).toBe(file);
        }
      }
      lastSearch = searchFiles;
    }
    // From the third build on, each one is the spare updated in place.
    expect(throughSpare).toBe(10);
    expect(foundByStamp).toBeGreaterThan(0);
  }
}

describe('the spare', () => {
  it('outlives a new generator version, which does not take it and removes it without waiting', async () => {
    const site = writeTempSite({ 'site.config.ts': 'export default { title: "T", trailingSlash: true };\n', 'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nOne.\n' });
    temps.push(site);
    const work = tempDir('spare-version');
    const reporter = createReporter({ quiet: true });
    const outDir = path.join(work, 'out');
    const first = openBuildCache(path.join(work, 'builds'), 'version 1');
    await build(await loadConfig(site), { reporter, buildCache: first, outDir });
    fs.writeFileSync(path.join(site, 'docs/intro.md'), '---\nslug: /\n---\n# Intro\n\nTwo.\n');
    await build(await loadConfig(site), { reporter, buildCache: first, outDir });
    const spare = first.spareOf(outDir);
    expect(markerInode(spare)).toBeDefined();

    // Opening the new version's cache removes the old version's manifests, not the spare (a whole build).
    const second = openBuildCache(path.join(work, 'builds'), 'version 2');
    expect(second.spareOf(outDir)).toBe(spare);
    expect(markerInode(spare)).toBeDefined();
    // Its build does not take it (no manifest of its version names it): set aside for removal, then gone.
    await build(await loadConfig(site), { reporter, buildCache: second, outDir });
    expect(fs.existsSync(spare)).toBe(false);
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('Two.');
  });
  it('goes with its output folder: a build\'s spare and manifest are removed once the folder is gone, another folder\'s stay', async () => {
    const site = writeTempSite({ 'site.config.ts': 'export default { title: "T", trailingSlash: true };\n', 'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nOne.\n' });
    temps.push(site);
    const work = tempDir('spare-gone');
    const reporter = createReporter({ quiet: true });
    const root = path.join(work, 'builds');
    const preview = path.join(work, 'preview');
    const kept = path.join(work, 'build');
    for (const outDir of [preview, preview, kept, kept]) await build(await loadConfig(site), { reporter, buildCache: openBuildCache(root, 'version 1'), outDir });
    const cache = openBuildCache(root, 'version 1');
    expect(markerInode(cache.spareOf(preview))).toBeDefined();
    expect(cache.load(preview)).toBeDefined();

    fs.rmSync(preview, { recursive: true });
    const next = openBuildCache(root, 'version 1');
    expect(fs.existsSync(next.spareOf(preview))).toBe(false);
    expect(next.load(preview)).toBeUndefined();
    expect(markerInode(next.spareOf(kept))).toBeDefined();
    expect(next.load(kept)).toBeDefined();
  });
});

describe('the files of an incremental build', () => {
  it('keep their mtime when their bytes do not change, and the CLI says how many pages it rebuilt', () => {
    const site = writeTempSite({
      'site.config.ts': 'export default { title: "T", trailingSlash: true };\n',
      'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nStart here.\n',
      'docs/a.md': '# A\n\nFirst text.\n',
      'docs/b.md': '# B\n\nOther text.\n',
      'static/img/a.txt': 'static file\n',
    });
    temps.push(site);
    const out = path.join(site, 'build');
    expect(runCli(['build', site]).code).toBe(0);
    const stamps = () => new Map([...filesOf(out)].map(([file, bytes]) => [file, { bytes, mtimeMs: fs.statSync(path.join(out, file)).mtimeMs }]));
    const before = stamps();
    fs.writeFileSync(path.join(site, 'docs/a.md'), '# A\n\nChanged text.\n');
    const { code, stderr } = runCli(['build', site]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^Rebuilt 1 of \d+ pages \(\d+ unchanged\) in \d+\.\d s$/m);
    const after = stamps();
    expect(after.get('a/index.html')?.bytes.toString()).toContain('Changed text.');
    let kept = 0;
    for (const [file, now] of after) {
      const then = before.get(file);
      if (file === '.site-build' || !then?.bytes.equals(now.bytes)) continue;
      expect(now.mtimeMs, file).toBe(then.mtimeMs);
      kept++;
    }
    // Everything but the edited page, its payload and the search index it is in.
    expect(kept).toBeGreaterThan(before.size - 6);

    // --no-cache is a cold build: every file written again.
    expect(runCli(['build', site, '--no-cache']).code).toBe(0);
    expect(fs.statSync(path.join(out, 'b/index.html')).mtimeMs).toBeGreaterThan(after.get('b/index.html')!.mtimeMs);
  }, 120_000);
});

describe('adding a page', () => {
  it('re-renders the pages that list it or whose links reach it, not the others', () => {
    const site = writeTempSite({
      'site.config.ts': 'export default { title: "T", trailingSlash: false, onBrokenLinks: "warn" };\n',
      'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nStart here.\n',
      'docs/a.md': '# A\n\nRead [what comes later](/later/) once it is written.\n',
      'blog/2024-01-02-hello.md': '---\ntitle: Hello\ntags: [news]\n---\nFirst post.\n',
    });
    temps.push(site);
    const out = path.join(site, 'build');
    expect(runCli(['build', site]).code).toBe(0);
    const blogFiles = () => [...filesOf(out).keys()].filter((file) => file.startsWith('blog'));
    const mtimes = new Map(blogFiles().map((file) => [file, fs.statSync(path.join(out, file)).mtimeMs]));
    expect(mtimes.size).toBeGreaterThan(4);
    // A missing page: the link stays as written.
    expect(fs.readFileSync(path.join(out, 'a.html'), 'utf8')).toContain('href="/later/"');

    // Unlisted: no sidebar or pagination lists it, so only a link reaches it.
    fs.writeFileSync(path.join(site, 'docs/later.md'), '---\nunlisted: true\n---\n# Later\n\nNow written.\n');
    const { code, stderr } = runCli(['build', site]);
    expect(code).toBe(0);
    // The new page, and the one whose link leads to it now; not intro, nor any blog page.
    expect(stderr).toMatch(/^Rebuilt 2 of \d+ pages/m);
    expect(fs.readFileSync(path.join(out, 'a.html'), 'utf8')).toContain('href="/later"');
    for (const [file, mtimeMs] of mtimes) expect(fs.statSync(path.join(out, file)).mtimeMs, file).toBe(mtimeMs);

    // Listed: the docs whose sidebar lists it are rendered again too (intro, a, later), still no blog page.
    fs.writeFileSync(path.join(site, 'docs/later.md'), '# Later\n\nNow listed.\n');
    const listed = runCli(['build', site]);
    expect(listed.code).toBe(0);
    expect(listed.stderr).toMatch(/^Rebuilt 3 of \d+ pages/m);
    for (const [file, mtimeMs] of mtimes) expect(fs.statSync(path.join(out, file)).mtimeMs, file).toBe(mtimeMs);
  }, 120_000);
});

