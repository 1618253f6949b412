import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { build } from '../../cli/pipeline/build.ts';
import { createReporter, type Reporter } from '../../cli/pipeline/reporter.ts';
import { openBuildCache } from '../../cli/write/buildCache.ts';
import { compactDocument } from '../../cli/content/compactTree.ts';
import { siteDataOf } from '../../cli/render/siteOutputs.ts';
import { recordingGraph } from '../../cli/render/pageInputs.ts';
import { HELPER_LEAD, HelperThread } from '../../cli/render/helperThread.ts';
import { finishPage, renderAhead, renderBody, renderPage, renderPages, type RenderedFiles } from '../../cli/render/renderPages.ts';
import type { PageAssets } from '../../cli/render/document.ts';
import type { RouteGraph } from '../../cli/graph/types.ts';
import { SiteError } from '../../cli/errors/SiteError.ts';
import { filesOf, writeTempSite } from '../helpers/memorySite.ts';

/**
 * The build's second thread (cli/render/helperThread.ts): the pages it renders must be the
 * main thread's, byte for byte, with the same graph lookups recorded for their
 * fingerprints; a page that fails there fails the build as it would on the main thread;
 * a helper that stops fails the build instead of leaving it waiting.
 */
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const reporter = createReporter({ quiet: true });
const assets: PageAssets = { script: '/assets/entry.js', preload: ['/assets/chunk.js'], layouts: {}, css: ['/assets/site.css'] };

/** A site with what a page reads of the graph: links, a partial, an image's size, tags, categories, posts and their excerpts. */
function siteFiles(extra: Record<string, string> = {}, guides = 30): Record<string, string> {
  const files: Record<string, string> = {
    'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, markdown: { format: "detect" } };\n',
    'docs/intro.md': '---\nslug: /intro\ntags: [start]\n---\n# Intro\n\nSee [the guide](./guides/g-0.md), ![logo](/img/logo.svg) and [a post](/blog/2024/01/02/first/).\n',
    'docs/_shared.mdx': 'Shared text with [a link](./intro.md).\n',
    'docs/with-partial.mdx': "---\ntitle: With a partial\n---\nimport Shared from './_shared.mdx';\n\n# With a partial\n\n<Shared />\n\n<Tabs>\n<TabItem value=\"a\" label=\"A\">Tab a</TabItem>\n<TabItem value=\"b\" label=\"B\">Tab b</TabItem>\n</Tabs>\n",
    'docs/guides/_category_.json': '{ "label": "Guides", "position": 2, "link": { "type": "generated-index" } }',
    'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"></svg>',
    'blog/2024-01-02-first.md': '---\ntitle: First\ntags: [news]\n---\nThe first post, ünïcode ✓.\n\n<!-- truncate -->\n\nMore.\n',
    'blog/2024-02-03-second.md': '---\ntitle: Second\ntags: [news]\n---\nThe second post links [the intro](/intro/).\n',
    ...extra,
  };
  for (let i = 0; i < guides; i++) files[`docs/guides/g-${i}.md`] = `---\nsidebar_position: ${i}\ntags: [guide]\n---\n# Guide ${i}\n\nStep ${i}: read [the next one](./g-${(i + 1) % guides}.md#details).\n\n## Details\n\n- one\n- two\n`;
  return files;
}

function tempSite(files: Record<string, string>): string {
  const dir = writeTempSite(files);
  temps.push(dir);
  return dir;
}

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  temps.push(dir);
  return dir;
}

async function analyzed(files: Record<string, string>) {
  const config = await loadConfig(tempSite(files));
  const { graph } = await analyze(config, { reporter });
  return { config, graph, site: siteDataOf(config, graph) };
}

/** Every page of `graph` rendered on a helper alone (this thread takes none), with its lookups recorded. */
async function onHelper(graph: RouteGraph, ctx: Omit<Awaited<ReturnType<typeof analyzed>>, 'graph'>, order: number[]) {
  const helper = HelperThread.start();
  try {
    expect(helper.share(graph, ctx.config, ctx.site)).toBe(true);
    const written = new Int32Array(new SharedArrayBuffer(4));
    helper.render(Int32Array.from(order), new Int32Array(new SharedArrayBuffer(4)), written, { record: true, assets });
    const pages = new Map<number, RenderedFiles>();
    while (pages.size < order.length) {
      await helper.waitForPages();
      for (const page of helper.takePages()) pages.set(order[page.at]!, { files: page.files, reads: page.reads });
      // Taken as the main thread takes them: written.
      Atomics.store(written, 0, pages.size);
      Atomics.notify(written, 0);
    }
    return pages;
  } finally {
    await helper.close();
  }
}

describe('the second thread', () => {
  it('renders each page as the main thread does, and records the same graph lookups', async () => {
    const { config, graph, site } = await analyzed(siteFiles());
    // The documents as a big site holds them (their trees as bytes in shared memory), and as a small one does.
    const compact = { ...graph, routes: graph.routes.map((route) => ('document' in route ? { ...route, document: compactDocument({ ...route.document }) } : route)) } as RouteGraph;
    compact.byPath = new Map(compact.routes.map((route) => [route.path, route]));
    for (const shared of [graph, compact]) {
      const order = graph.routes.map((_, i) => i);
      const pages = await onHelper(shared, { config, site }, order);
      const recorder = recordingGraph(graph);
      for (const [i, route] of graph.routes.entries()) {
        const here = renderPage(route, { graph, config, site, assets }, recorder);
        expect(pages.get(i), route.path).toEqual(here);
      }
      // What the pages look up is there to compare: links, the partial, the image.
      const reads = [...pages.values()].flatMap((page) => page.reads);
      expect(reads).toContain('partial\0docs/_shared.mdx');
      expect(reads).toContain('image\0/img/logo.svg');
      expect(reads).toContain('route\0/guides/g-1/');
    }
  }, 60_000);

  it("highlights code a page's components give as text in the site's added Prism languages, as the main thread does", async () => {
    const { config, graph, site } = await analyzed({
      'site.config.ts': 'export default { title: "T", url: "https://t.example", prism: { additionalLanguages: ["scss"] } };\n',
      'docs/styles.mdx': '# Styles\n\n<CodeBlock language="scss">{`.card { .title { color: red; } }`}</CodeBlock>\n',
    });
    const at = graph.routes.findIndex((route) => route.path === '/styles/');
    const pages = await onHelper(graph, { config, site }, [at]);
    const html = pages.get(at)!.files[0]![1];
    expect(html).toContain('class="token selector"');
    expect(pages.get(at)).toEqual(renderPage(graph.routes[at]!, { graph, config, site, assets }, recordingGraph(graph)));
  }, 60_000);

  it('reports a page that fails there as the main thread would, with the page and its file', async () => {
    const { config, graph, site } = await analyzed(siteFiles({ 'docs/broken.mdx': '---\ntitle: Broken\n---\n# Broken\n\n<Tabs values={5}>\n<TabItem value="a">x</TabItem>\n</Tabs>\n' }));
    const broken = graph.routes.findIndex((route) => route.path === '/broken/');
    const failure = await onHelper(graph, { config, site }, [broken]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SiteError);
    expect((failure as SiteError).diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', file: 'docs/broken.mdx', code: 'render-failed', message: 'Rendering /broken/ failed: values?.find is not a function' }),
    ]);
  }, 60_000);

  it('renders at most HELPER_LEAD pages the main thread has not written, and goes on as it writes them', async () => {
    const { config, graph, site } = await analyzed(siteFiles());
    const helper = HelperThread.start();
    try {
      expect(helper.share(graph, config, site)).toBe(true);
      const written = new Int32Array(new SharedArrayBuffer(4));
      const total = HELPER_LEAD * 3;
      helper.render(new Int32Array(total), new Int32Array(new SharedArrayBuffer(4)), written, { record: false, assets });
      let posted = 0;
      while (posted < HELPER_LEAD) {
        await helper.waitForPages();
        posted += helper.takePages().length;
      }
      // None written: it waits.
      await new Promise((resolve) => setTimeout(resolve, 500));
      posted += helper.takePages().length;
      expect(posted).toBe(HELPER_LEAD);
      // Each written lets it take another.
      Atomics.store(written, 0, 5);
      Atomics.notify(written, 0);
      while (posted < HELPER_LEAD + 5) {
        await helper.waitForPages();
        posted += helper.takePages().length;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      posted += helper.takePages().length;
      expect(posted).toBe(HELPER_LEAD + 5);
      Atomics.store(written, 0, total);
      Atomics.notify(written, 0);
      while (posted < total) {
        await helper.waitForPages();
        posted += helper.takePages().length;
      }
      expect(posted).toBe(total);
    } finally {
      await helper.close();
    }
  }, 60_000);

  it('that stops fails the render instead of leaving it waiting', async () => {
    const { config, graph, site } = await analyzed(siteFiles());
    const helper = HelperThread.start();
    try {
      expect(helper.share(graph, config, site)).toBe(true);
      helper.render(Int32Array.from(graph.routes.map((_, i) => i)), new Int32Array(new SharedArrayBuffer(4)), new Int32Array(new SharedArrayBuffer(4)), { record: false, assets });
      // Stopped as an out-of-memory error or a crash would stop it, with pages it took not posted.
      await (helper as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      const failure = await (async () => {
        for (;;) {
          await helper.waitForPages();
          helper.takePages();
        }
      })().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SiteError);
      expect((failure as SiteError).diagnostics[0]).toMatchObject({ code: 'render-thread-failed' });
      // And a render waiting for its pages fails the same way.
      await expect(renderPages(graph.routes, [0], { helper, assets, render: () => ({ files: [], reads: [] }), done: async () => undefined })).rejects.toBe(failure);
    } finally {
      await helper.close();
    }
  }, 60_000);

  it('is not given a site it cannot be posted, and is closed: the main thread renders alone', async () => {
    const { config, graph, site } = await analyzed(siteFiles());
    // A value structured clone cannot copy (the config's and the site data's functions are left out; the graph's are not expected).
    const route = graph.routes.find((r) => 'document' in r)! as Extract<RouteGraph['routes'][number], { document: unknown }>;
    const odd = { ...graph, routes: graph.routes.map((r) => (r === route ? { ...route, document: { ...route.document, frontMatter: { ...route.document.frontMatter, odd: () => 1 } } } : r)) } as RouteGraph;
    const helper = HelperThread.start();
    expect(helper.share(odd, { ...config, customFields: { f: () => 1 } }, site)).toBe(false);
    expect(helper.takePages()).toEqual([]);
    const fine = HelperThread.start();
    expect(fine.share(graph, { ...config, customFields: { f: () => 1 } }, site)).toBe(true);
    await fine.close();
  }, 60_000);
});

describe('a build on two threads', () => {
  it('writes the same files as a build on one, and records the same pages for the next build', async () => {
    // Enough pages that the helper (started from the sources here, which takes a second) joins in.
    const config = await loadConfig(tempSite(siteFiles({}, 200)));
    const work = tempDir('helper-build');
    const results = [];
    for (const helperFrom of [0, Infinity]) {
      const outDir = path.join(work, `out-${helperFrom}`);
      const buildCache = openBuildCache(path.join(work, `cache-${helperFrom}`), 'test');
      const { renderedOnHelper, writtenOffThread } = await build(config, { reporter, buildCache, outDir, helperFrom });
      expect(renderedOnHelper > 0).toBe(helperFrom === 0);
      // With no helper rendering, the second core writes the files (writerThread.ts): the same files, recorded the same.
      expect(writtenOffThread > 0).toBe(helperFrom !== 0);
      results.push({ files: filesOf(outDir), pages: buildCache.load(outDir)!.pages });
    }
    const [two, one] = results;
    expect([...two!.files.keys()].sort()).toEqual([...one!.files.keys()].sort());
    for (const [file, bytes] of one!.files) if (file !== '.site-build') expect(two!.files.get(file)?.equals(bytes), file).toBe(true);
    expect(two!.pages).toEqual(one!.pages);

    // A rebuild (the helper starts once the pages to render are known) is the same as a cold build.
    fs.appendFileSync(path.join(config.siteDir, 'docs/guides/g-3.md'), '\nOne more paragraph.\n');
    const again = await loadConfig(config.siteDir);
    const outDir = path.join(work, 'out-0');
    await build(again, { reporter, buildCache: openBuildCache(path.join(work, 'cache-0'), 'test'), outDir, helperFrom: 0 });
    await build(again, { reporter, outDir: path.join(work, 'cold'), helperFrom: Infinity });
    const [rebuilt, cold] = [filesOf(outDir), filesOf(path.join(work, 'cold'))];
    expect([...rebuilt.keys()].sort()).toEqual([...cold.keys()].sort());
    for (const [file, bytes] of cold) if (file !== '.site-build') expect(rebuilt.get(file)?.equals(bytes), file).toBe(true);
  }, 120_000);

  it('fails on a page that fails, and leaves the previous build as it was', async () => {
    const site = tempSite(siteFiles());
    const outDir = path.join(tempDir('helper-fail'), 'build');
    await build(await loadConfig(site), { reporter, outDir, helperFrom: 0 });
    const before = filesOf(outDir);
    fs.writeFileSync(path.join(site, 'docs/broken.mdx'), '---\ntitle: Broken\n---\n# Broken\n\n<Tabs values={5}>\n<TabItem value="a">x</TabItem>\n</Tabs>\n');
    const failure = await build(await loadConfig(site), { reporter, outDir, helperFrom: 0 }).catch((error: unknown) => error);
    expect((failure as SiteError).diagnostics).toEqual([expect.objectContaining({ file: 'docs/broken.mdx', message: 'Rendering /broken/ failed: values?.find is not a function' })]);
    const after = filesOf(outDir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes), file).toBe(true);
  }, 120_000);
});

describe('pages rendered while the client bundles', () => {
  it('are rendered in order until the bundle is made, or until they hold the most bytes they may', async () => {
    const { config, graph, site } = await analyzed(siteFiles());
    const ctx = { graph, config, site };
    const order = graph.routes.map((_, i) => i);
    const rendered: string[] = [];
    let made!: () => void;
    const bundling = new Promise<void>((resolve) => (made = resolve));
    // The bundle is made as the third page renders: the fourth is not begun.
    const render = (route: RouteGraph['routes'][number]) => (rendered.push(route.path) === 3 && made(), renderBody(route, ctx));
    const ahead = await renderAhead(graph.routes, order, bundling, render);
    expect(rendered).toHaveLength(3);
    expect(ahead.map(({ route }) => route)).toEqual(graph.routes.slice(0, 3));
    // What they are, their documents framed once the bundle's names are known: the pages renderPage makes.
    for (const { route, body } of ahead) expect(finishPage(body, { ...ctx, assets })).toEqual(renderPage(route, { ...ctx, assets }));

    // No page past the bytes they may hold; none at all with 0.
    const never = new Promise<void>(() => undefined);
    const firstSize = (await renderAhead(graph.routes, [0], never, (route) => renderBody(route, ctx)))[0]!.body.rendered.body.length;
    expect((await renderAhead(graph.routes, order, never, (route) => renderBody(route, ctx), firstSize + 1)).length).toBe(2);
    expect(await renderAhead(graph.routes, order, never, (route) => renderBody(route, ctx), 0)).toEqual([]);
  });

  it('leave a failed bundle to the build that awaits it, and a page that fails fails at once', async () => {
    const { config, graph, site } = await analyzed(siteFiles());
    const failed = Promise.reject(new Error('esbuild failed'));
    // Rejected before the first page: none is rendered, and the rejection is not unhandled (vitest fails a test on one).
    expect(await renderAhead(graph.routes, [0, 1], failed, (route) => renderBody(route, { graph, config, site }))).toEqual([]);
    await expect(failed).rejects.toThrow('esbuild failed');
    const never = new Promise<void>(() => undefined);
    await expect(renderAhead(graph.routes, [0, 1], never, () => { throw new Error('a component threw'); })).rejects.toThrow('a component threw');
  });

  it('make the same build as pages rendered after it, with the same records for the next build', async () => {
    const config = await loadConfig(tempSite(siteFiles({}, 60)));
    const work = tempDir('ahead-build');
    const results = [];
    for (const aheadBytes of [undefined, 0]) {
      const outDir = path.join(work, `out-${aheadBytes}`);
      const buildCache = openBuildCache(path.join(work, `cache-${aheadBytes}`), 'test');
      // Each page rendered once: the rendering step counts every page it renders.
      let counted = 0;
      const counting: Reporter = { ...reporter, step: (name, run) => reporter.step(name, (progress) => run((done, total) => (progress(done, total), name.startsWith('Rendering') && (counted = Math.max(counted, done))))) };
      const { renderedAhead, pages } = await build(config, { reporter: counting, buildCache, outDir, helperFrom: Infinity, aheadBytes });
      expect(counted).toBe(pages);
      // esbuild takes a tenth of a second or more to bundle the client; a page a few milliseconds.
      expect(renderedAhead > 0).toBe(aheadBytes === undefined);
      results.push({ files: filesOf(outDir), pages: buildCache.load(outDir)!.pages });
    }
    const [ahead, after] = results;
    expect([...ahead!.files.keys()].sort()).toEqual([...after!.files.keys()].sort());
    for (const [file, bytes] of after!.files) if (file !== '.site-build') expect(ahead!.files.get(file)?.equals(bytes), file).toBe(true);
    expect(ahead!.pages).toEqual(after!.pages);
  }, 120_000);
});
