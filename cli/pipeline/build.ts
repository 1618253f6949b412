import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { DocumentCache } from '../content/loadContent.ts';
import type { KnownFiles } from '../content/knownFiles.ts';
import { analyze } from './analyze.ts';
import { bundleClient, type ClientBundle } from '../bundle/clientBundle.ts';
import { siteStylesCss } from '../bundle/siteStyles.ts';
import { bundleSiteCode } from './siteCode.ts';
import { clientIslands } from '../bundle/siteBundle.ts';
import { copiedFiles, generatorFiles, siteDataFor, siteWideFiles } from '../render/siteOutputs.ts';
import { finishPage, renderAhead, renderBody, renderPages, type RenderedFiles } from '../render/renderPages.ts';
import { HELPER_MIN_PAGES, HelperThread } from '../render/helperThread.ts';
import { WRITER_THREAD_MIN_PAGES } from '../write/writerThread.ts';
import { assertSafeOutputFolder } from '../write/outputFolder.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { SiteWriter } from '../write/writeSite.ts';
import { SiteError } from '../errors/SiteError.ts';
import { asSiteCodeError, SiteCodeError } from '../bundle/siteCode.ts';
import { printDiagnostics } from './report.ts';
import { withContentStrictness } from '../report/diagnostic.ts';
import { incrementalSearchIndex } from '../search/searchIndex.ts';
import type { IndexOptions } from '../search/buildIndex.ts';
import { RenderedIndexParts } from '../search/pageIndexPart.ts';
import { buildIdOf } from '../render/siteData.ts';
import { sharedHeadTags } from '../render/siteFiles.ts';
import { digest, mayShowDocCards, pageFingerprints, readsDigest, readsOnlyTables, recordingGraph, tablesDigest } from '../render/pageInputs.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import type { Route, RouteGraph } from '../graph/types.ts';
import type { SiteData } from '../../runtime/pageData.ts';
import { MANIFEST_FORMAT, type BuildCache, type BuildManifest } from '../write/buildCache.ts';
import { formatBytes, formatCount as count, formatDuration, type Reporter } from './reporter.ts';
import { watchdog } from '../watchdog.ts';
import { registerLanguages } from '../content/markdown/codeBlock.ts';

export interface BuildResult {
  pages: number;
  bytes: number;
  outDir: string;
  firstLoadBytes: number;
  /** How many pages the second thread rendered (helperThread.ts). */
  renderedOnHelper: number;
  /** Pages rendered while the client was bundled (renderAhead). */
  renderedAhead: number;
  /** How many files the writer thread wrote (writerThread.ts). */
  writtenOffThread: number;
}

/**
 * `build`: analyze (read → load → graph → check), bundle, then render and write each
 * page as it is rendered. Any error stops the build before the new output is swapped
 * in, so the previous output stays as it was.
 *
 * With a build cache, a page whose inputs are those its files in the previous build were
 * made from (see pageInputs.ts) is not rendered: its files are kept (SiteWriter.reuse),
 * as are the client bundle and the search index when what they are made from is the
 * same. The output is the same, byte for byte, as a cold build's.
 */
export async function build(
  config: ResolvedConfig,
  deps: { reporter: Reporter; cache?: DocumentCache; knownFiles?: KnownFiles; buildCache?: BuildCache; outDir?: string; /** Tests: a split index on a small site. */ searchIndex?: IndexOptions; /** Tests: a second thread renders from this many pages to render (helperThread.ts). */ helperFrom?: number; /** Tests: the most page bytes rendered while the client bundles (renderAhead). */ aheadBytes?: number },
): Promise<BuildResult> {
  const { reporter, buildCache } = deps;
  const started = performance.now();
  const outDir = path.resolve(config.siteDir, deps.outDir ?? config.paths.outDir);
  // Before anything is read: an output folder that would take the sources with it is refused.
  assertSafeOutputFolder(outDir, config, PACKAGE_ROOT);
  // Taken first: what a killed build left is put right before anything else, and a folder
  // that cannot be written fails the build now, not after the work.
  const writer = await SiteWriter.open(outDir, { previous: buildCache && ((dir) => buildCache.load(dir)), spare: buildCache?.claimSpare(outDir) });
  // Stopped because the site's code never ended (watchdog.ts), the build is thrown away as a failed one is.
  const unwatch = watchdog.whileRunning(() => writer.abort());
  writer.recording = buildCache !== undefined;
  const configId = buildIdOf(config);
  // Another config: no page is kept as it was (files whose bytes come out the same still are).
  const before = writer.previousBuild?.configId === configId ? writer.previousBuild : undefined;
  let helper: HelperThread | undefined;
  try {
    const analysis = await analyze(config, { reporter, cache: deps.cache, knownFiles: deps.knownFiles });
    const { graph, staticFiles, siteComponents, documentKeys } = analysis;
    // What the search step reads of the last build's index, read by the thread pool meanwhile:
    // from here, not from the start (52 MB at 10,000 docs, not held through reading and
    // checking the site), and not later (a one-page rebuild then waited 130 ms for it).
    if (before) buildCache?.readAttachments(outDir);
    // Pages highlight the code their components give as text: with the site's grammars, whether or not any Markdown was parsed.
    await registerLanguages(config.prism?.additionalLanguages);
    // The site's own code before the report: it names components content may use.
    const siteCode = await bundleSiteCode(config, analysis, reporter);
    const siteBundle = siteCode.bundle;
    const diagnostics = withContentStrictness(siteCode.diagnostics, config.markdown.strict);
    if (diagnostics.length > 0) {
      const errors = printDiagnostics(diagnostics, reporter);
      if (errors > 0) {
        const failure = new SiteError(diagnostics.filter((d) => d.severity === 'error'));
        failure.printed = true;
        throw failure;
      }
    }

    const site = await siteDataFor(config, graph, siteBundle !== undefined);
    // Only components that were bundled reach the browser: one that could not be shows its children (a warning above).
    const islands = clientIslands(siteComponents, siteBundle);
    // The client bundle is made from the site data and the site's components (their code, by its digest).
    const styles = await siteStylesCss(config);
    const clientModules = siteBundle?.clientModules ?? [];
    // Client modules' code is in the site code's key (the server bundle loads them too); the list says which the browser runs.
    const bundleKey = digest(JSON.stringify([site, islands, siteBundle?.key ?? null, styles, clientModules.map((m) => path.relative(config.siteDir, m))]));
    const kept = before?.bundle?.key === bundleKey && writer.reuse(before.bundle.files) ? before.bundle : undefined;
    const bundling: Promise<Pick<ClientBundle, 'assets' | 'firstLoadBytes'> & { files?: ClientBundle['files'] }> = reporter.step('Bundling client', () =>
      kept ? { assets: kept.assets, firstLoadBytes: kept.firstLoadBytes } : bundleClient(site, outDir, { siteDir: config.siteDir, components: islands, clientModules, roots: siteCode.roots, styles }).catch(siteCodeFailure(config.siteDir)),
    );
    // A second thread renders with this one when there are enough pages to render (helperThread.ts); not with the site's own code, which cannot be posted.
    const helperFrom = siteBundle ? Infinity : (deps.helperFrom ?? HELPER_MIN_PAGES);
    // A build with no previous one renders every page: the thread starts now and takes the graph while esbuild bundles the client.
    if (!before && graph.routes.length >= helperFrom) helper = startHelper(graph, config, site);
    // Many pages to write and no helper rendering on the second core: it writes them (writerThread.ts). Started now, as the helper.
    const writeOffThread = (pages: number) => {
      if (!helper && pages >= WRITER_THREAD_MIN_PAGES) writer.writeOffThread();
    };
    if (!before) writeOffThread(graph.routes.length);
    // What each page looks up in the graph is recorded as it renders, and is part of its fingerprint (pageInputs.ts).
    const recorder = buildCache ? recordingGraph(graph) : undefined;
    // Without a previous index the search step reads every page: each page's part is made as it renders (pageIndexPart.ts).
    const indexParts = config.search.provider === 'local' && !before?.search ? new RenderedIndexParts(graph, config, { reactPages: siteCode.reactPages, indexOptions: deps.searchIndex }) : undefined;
    const renderContext = { graph, config, site, siteComponents: siteBundle?.components, siteValues: siteBundle?.values, overrides: siteBundle?.overrides, overrideKeys: siteBundle?.overrideKeys };
    // The site's components run here: one that never ends stops the build at its page (watchdog.ts).
    const renderBodyOf = (route: Route) => watchdog.runSync({ what: `Rendering ${route.path}`, file: route.source }, () => renderBody(route, renderContext, recorder, indexParts?.wanted));
    // A build with no previous one renders every page: the first ones while esbuild bundles the client (renderAhead).
    const ahead = before ? [] : await renderAhead(graph.routes, graph.routes.map((_, i) => i), bundling, renderBodyOf, deps.aheadBytes);
    const renderedAhead = ahead.length;
    const bundle = await bundling;
    const assets = siteBundle?.stylesheet ? { ...bundle.assets, css: [...bundle.assets.css, `${site.baseUrl}${siteBundle.stylesheet.file}`] } : bundle.assets;
    // The site's own files first: a file the generator makes for the same path wins (but the
    // sitemap, the feeds and robots.txt, which siteWideFiles leaves to a static file of the same name).
    for (const [from, to] of [...copiedFiles(graph, config, staticFiles, siteBundle?.files), ...generatorFiles(config)]) await writer.copyFile(from, to);
    // Pages render the site's components on the server: their code's digest is an input of every page.
    // What is read off each document's tree, remembered by its content key: a rebuild reads the trees of the pages it renders only.
    const remembered = writer.previousBuild?.documents;
    // Without a build cache there is no next build to remember them for (a cold build would only hold them longer).
    const keys = buildCache ? documentKeys : new Map<string, string>();
    const cards = memoByDocument(remembered?.cards, keys, mayShowDocCards);
    const fingerprints = buildCache && pageFingerprints(graph, { site, assets, headTags: sharedHeadTags(site, config, graph.posts.length > 0), documentKeys, siteCode: siteBundle?.key, cardsOf: cards.get });
    const lookups = { documentKeys, memo: new Map<string, string>() };
    // The same tables as the build before: a page's recorded lookups find what they found then.
    const tables = fingerprints && tablesDigest(graph, documentKeys);
    const sameTables = tables !== undefined && before?.tables === tables;
    // Whether a page's lookups find what they found when it was rendered: redone only when a table changed (or it read more than tables).
    const found = (reads: string[], recorded: string) => (sameTables && readsOnlyTables(reads)) || recorded === readsDigest(reads, graph, lookups);
    // Pages whose files are kept as they were; the others (by their index in the routes) are rendered.
    const pageRecords = new Map<string, BuildManifest['pages'][string]>();
    const order: number[] = [];
    const routesAhead = new Set(ahead.map(({ route }) => route));
    graph.routes.forEach((route, i) => {
      if (routesAhead.has(route)) return;
      const last = before?.pages[route.path];
      if (last?.reads && last.readsDigest !== undefined && last.fingerprint === (fingerprints?.get(route.path) ?? '') && found(last.reads, last.readsDigest) && writer.reuse(last.files)) pageRecords.set(route.path, last);
      else order.push(i);
    });
    if (!helper && order.length >= helperFrom) helper = startHelper(graph, config, site);
    writeOffThread(order.length);
    const rendering = await reporter.step(`Rendering ${graph.routes.length} pages`, async (progress) => {
      let done = pageRecords.size;
      const ctx = { ...renderContext, assets };
      const write = async (route: Route, { files, reads, search }: RenderedFiles) => {
        for (const [file, contents] of files) await writer.write(file, contents);
        // A split index's page files, written now: not held to the search step's end.
        if (search && indexParts) for (const [file, contents] of indexParts.take(route, search)) await writer.write(file, contents);
        pageRecords.set(route.path, { fingerprint: fingerprints?.get(route.path) ?? '', readsDigest: fingerprints ? readsDigest(reads, graph, lookups) : '', files: files.map(([file]) => file), reads });
        progress(++done, graph.routes.length);
      };
      for (const { route, body } of ahead.splice(0)) await write(route, finishPage(body, ctx));
      return renderPages(graph.routes, order, {
        helper,
        assets,
        record: recorder !== undefined,
        search: indexParts?.wanted,
        render: (route) => finishPage(renderBodyOf(route), ctx),
        done: write,
      });
    });
    // Its memory is the search index's now.
    await helper?.close();
    const pages: BuildManifest['pages'] = {};
    for (const route of graph.routes) pages[route.path] = pageRecords.get(route.path)!;
    const search = await reporter.step('Building search index', async () => {
      // Read in the background while the pages rendered.
      await buildCache?.attachmentsRead(outDir);
      // A page's part of the index is known by its document's content key: only changed documents' sections are read.
      const index = incrementalSearchIndex(graph, config, {
        reactPages: siteCode.reactPages,
        rendered: indexParts,
        keyOf: buildCache && ((document) => documentKeys.get(document.file)),
        previous: before?.search,
        keep: (file) => writer.reuse([file]),
        readPrevious: (file) => writer.readPrevious(file),
        previousSplit: buildCache && ((name) => buildCache.attachment(outDir, name)),
        indexOptions: deps.searchIndex,
      });
      for (const [file, contents] of index.files) await writer.write(file, contents);
      return index;
    });
    await reporter.step('Writing build', async () => {
      for (const [file, contents] of siteWideFiles(graph, site, config, staticFiles)) await writer.write(file, contents);
      for (const [file, contents] of bundle.files ?? []) await writer.write(file, contents);
      if (siteBundle?.stylesheet) await writer.write(siteBundle.stylesheet.file, siteBundle.stylesheet.contents);
      // Forgotten before the swap: a build killed after it leaves no manifest of the build it replaced.
      buildCache?.forget(outDir);
      await writer.commit();
    });
    if (buildCache) {
      const files = kept?.files ?? [...(bundle.files?.keys() ?? [])];
      await buildCache.save(outDir, {
        format: MANIFEST_FORMAT,
        configId,
        marker: writer.marker!,
        outputs: writer.outputs,
        pages,
        ...(tables !== undefined && { tables }),
        bundle: { key: bundleKey, assets: bundle.assets, firstLoadBytes: bundle.firstLoadBytes, files },
        search: search.memo,
        documents: { cards: cards.known() },
        ...(writer.spare && { spare: writer.spare }),
      }, search.attachments);
      const rendered = graph.routes.filter((r) => pages[r.path] !== before?.pages[r.path]).length;
      // The line CI logs show, as #14 words it: "Rebuilt 3 of 10,021 pages (10,018 unchanged) in 0.6 s".
      reporter.info(`Rebuilt ${count(rendered)} of ${count(graph.routes.length)} pages (${count(graph.routes.length - rendered)} unchanged) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    reporter.info(
      `Built ${graph.routes.length} pages in ${formatDuration(performance.now() - started)} · ${formatBytes(writer.bytes)} in ${writer.files} files → ${path.relative(process.cwd(), outDir) || '.'}/ · first-load JS ${formatBytes(bundle.firstLoadBytes)}`,
    );
    return { pages: graph.routes.length, bytes: writer.bytes, outDir, firstLoadBytes: bundle.firstLoadBytes, renderedOnHelper: rendering.onHelper, renderedAhead, writtenOffThread: writer.writtenOffThread };
  } catch (error) {
    await helper?.close();
    await writer.abort();
    throw error;
  } finally {
    unwatch();
  }
}

/** The second thread, given the site; none when no thread can be started, or the site cannot be posted to it (see HelperThread.share). */
function startHelper(graph: RouteGraph, config: ResolvedConfig, site: SiteData): HelperThread | undefined {
  let helper: HelperThread;
  try {
    helper = HelperThread.start();
  } catch {
    return undefined;
  }
  return helper.share(graph, config, site) ? helper : undefined;
}

/**
 * `compute` of a document, remembered by its content key: taken from `previous` (what the
 * last build remembered) when there, else computed. `known()` is what is known of the
 * site's documents now, for the next build (a step this build skipped still needs it next
 * time). A document without a key (none is read from disk) is computed each time.
 */
function memoByDocument<T>(previous: Record<string, T> | undefined, documentKeys: ReadonlyMap<string, string>, compute: (document: LoadedDocument) => T) {
  const known: Record<string, T> = {};
  return {
    get: (document: LoadedDocument): T => {
      const key = documentKeys.get(document.file);
      if (key === undefined) return compute(document);
      if (!Object.hasOwn(known, key)) known[key] = previous && Object.hasOwn(previous, key) ? previous[key]! : compute(document);
      return known[key]!;
    },
    known: () => {
      for (const key of documentKeys.values()) if (!Object.hasOwn(known, key) && previous && Object.hasOwn(previous, key)) known[key] = previous[key]!;
      return known;
    },
  };
}

/**
 * The client bundle's failure in the site's terms: code the server bundle took can still
 * fail in the browser's (a component that imports "fs"), and esbuild's own message named
 * the file from the generator's folder, with no hint.
 */
function siteCodeFailure(siteDir: string): (error: unknown) => never {
  return (error) => {
    const failure = asSiteCodeError(error, siteDir, {}, PACKAGE_ROOT);
    throw failure instanceof SiteCodeError ? new SiteError(failure.diagnostics) : failure;
  };
}
