import { placeConfigKeys } from '../config/keyLine.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { loadConfig } from '../config/load.ts';
import { contentFolders } from '../config/sitePaths.ts';
import { docsInstances } from '../config/docsInstances.ts';
import { readPartial, scanContent, scanStatic, type SourceFile } from '../content/scan.ts';
import { loadContent } from '../content/loadContent.ts';
import { readText } from '../content/readText.ts';
import { withConfigOptions, type ConfigOptions } from '../config/configOptions.ts';
import { layeredCache, unreadableCacheEntryIn, type DocumentCache } from '../content/documentCache.ts';
import { loadDocument, loadDocumentsWithPlugins } from '../content/loadDocument.ts';
import { registerLanguages } from '../content/markdown/codeBlock.ts';
import { loadMarkdownInWorkers, WORKER_THRESHOLD } from '../content/workerPool.ts';
import { buildRouteGraph } from '../graph/buildRouteGraph.ts';
import { siteFileNames } from '../graph/invariants.ts';
import { readVersions } from '../content/readVersions.ts';
import { prefix, versionsFile, type VersionSource } from '../config/versions.ts';
import type { Route, RouteGraph } from '../graph/types.ts';
import { checkLinks } from '../links/checkLinks.ts';
import { applyPolicy } from '../pipeline/report.ts';
import { formatDiagnostic, type Diagnostic } from '../report/diagnostic.ts';
import { copiedFiles, generatorFiles, pageFiles, siteDataFor, siteWideFiles } from '../render/siteOutputs.ts';
import { siteStylesCss } from '../bundle/siteStyles.ts';
import { pageDataUrl, sidebarDataUrl, type SiteData } from '../../runtime/pageData.ts';
import { routeFile, urlFilePath } from '../graph/paths.ts';
import type { ClientBundle } from '../bundle/clientBundle.ts';
import { ClientBuilder, ServerRenderer } from './compilers.ts';
import type { ServerRender } from '../render/renderRoute.ts';
import type { Change } from './rebuildQueue.ts';
import { patchDocuments } from './patchGraph.ts';
import { changedDocs, filesLinkingTo, navFingerprint } from './affected.ts';
import { contentSource, insideContent } from './contentPaths.ts';
import { incrementalSearchIndex } from '../search/searchIndex.ts';
import { HelperThread } from '../render/helperThread.ts';
import type { IndexMemo, IndexOptions } from '../search/buildIndex.ts';
import type { SplitState } from '../search/splitState.ts';
import { renderedPageText, type RenderedPageText } from '../search/records.ts';
import { readRoots, siteFileStatus } from '../config/sitePaths.ts';
import { imageUrls, measureImages } from '../content/imageSize.ts';
import { reactPageModules, resolveSiteComponents, type SiteComponent } from '../bundle/siteComponents.ts';
import { scanReactPages } from '../content/reactPages.ts';
import { clientIslands, siteCodeFor, withSiteNames, type SiteBundle } from '../bundle/siteBundle.ts';
import { findThemeOverrides, siteStylesheets, unusedThemeWarnings } from '../bundle/themeOverrides.ts';
import { asSiteCodeError, SiteCodeError } from '../bundle/siteCode.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import type { PageAssets } from '../render/document.ts';
import { lastUpdatesFor, type LastUpdate } from '../content/gitHistory.ts';
import { TaskStoppedError, watchdog } from '../watchdog.ts';
import { SiteError } from '../errors/SiteError.ts';
import type { FollowedLink } from '../content/walkFolder.ts';

/** A file the dev server answers with. */
export interface Output {
  body: string | Uint8Array;
  /** A page that could not be rendered: its problems, with 500 (see `output`). */
  status?: number;
}

/** What one rebuild did, for the terminal line and the browser. */
export interface RebuildResult {
  /** Routes whose page changed: of the pages served since they last changed (see `output`), and routes that came or went. */
  updated: string[];
  /** A sidebar changed (a title, a position, a page that came or went): open tabs fetch theirs again. */
  sidebars: boolean;
  /** The browser should reload (code or config changed, or the last build failed). */
  reload: boolean;
  /** Everything found, with the dev policy (broken links are warnings). */
  diagnostics: Diagnostic[];
  /** False when errors kept the previous pages in place. */
  applied: boolean;
}

const SITE_CODE = /\.(jsx?|tsx?|mjs|css)$/;

const DEV_CLIENT_TAG = '<script type="module" src="/__dev/client.js"></script>';

/**
 * How many rendered pages are kept, the last served last: one not kept is rendered again
 * when it is asked for (a few milliseconds). Every kept page is rendered again after a
 * change that may reach it, to tell the tabs that show it.
 */
const KEPT_PAGES = 1000;

/**
 * From this many routes, dev makes its first search index on a helper thread, so that the
 * server answers meanwhile (`searchIndexOnHelper`). Made on the server's thread it takes
 * about 0.9 ms a page, all of it a wait for every request; on the helper the index itself
 * takes longer (10,000 docs: 13.2 s against 10.4, the site handed over and the index taken
 * back), but pages asked for meanwhile were answered in 2-10 ms, but for two pauses of
 * about 0.45 s (against 10.1 s). Below it, the wait is under two seconds, once.
 */
const SEARCH_HELPER_MIN_ROUTES = 2000;

/** How long the dev server is left idle before a large site's search index is made (`prepareSearchIndexWhenIdle`). */
const SEARCH_IDLE_MS = 5000;

/** A page rendered: its files (the HTML with the dev client, its payload) and what it shows, to tell whether a change reached it. */
interface KeptPage {
  files: Map<string, string>;
  fingerprint: string;
}

/** What pages are rendered with: the last good rebuild's graph, config, bundles and server render. */
interface RenderState {
  graph: RouteGraph;
  config: ResolvedConfig;
  site: SiteData;
  bundle: ClientBundle;
  serverRender: ServerRender;
  siteBundle: SiteBundle | undefined;
  /** Each Markdown file's content key (`cacheKey`) when its document was loaded: what the search index knows a page by. */
  documentKeys: ReadonlyMap<string, string>;
}

/**
 * The site held in memory for `dev`: the same stages as `build` (load, graph, check,
 * render), kept up to date file by file. Documents are cached by content, so only changed
 * files are loaded again. A page is rendered when it is first asked for, not when the
 * server starts: rendering every page made a 10,000-doc site's start take 21 s, 12 of them
 * rendering pages nobody had opened. A body edit renders that document's pages again; an
 * edit that other pages show (title, position, tags…) or a new or removed file renders
 * again the pages served so far (those tabs may show) and tells which changed.
 */
export class DevSite {
  /** The files the generator made other than pages (the bundle, the sidebars, the feeds, the search index), by output path. */
  private readonly files = new Map<string, Output>();
  /** Each page's files (its HTML, its payload) for the last good graph: the path of the route they are rendered from. */
  private pageFileRoutes = new Map<string, string>();
  /** Pages rendered, the last served last (KEPT_PAGES). */
  private kept = new Map<string, KeptPage>();
  /** The state of the last good rebuild, which pages are rendered with. */
  private renderState: RenderState | undefined;
  /** What to do with problems found while serving, outside a rebuild (a page that fails to render): commands/dev.ts shows them. */
  onProblems: ((diagnostics: Diagnostic[]) => void) | undefined;
  /** The site's own files published as they are (static, images next to pages): output path → source, read when asked for. */
  copies = new Map<string, string>();
  /** The generator's own files published as they are (Mermaid's build): output path → source in the generator's package. */
  generatorCopies = new Map<string, string>();
  diagnostics: Diagnostic[] = [];
  private config!: ResolvedConfig;
  /** The site's `trailingSlash`: without it, the server answers a page's address without its slash (its URL) with the page. */
  get trailingSlash(): boolean | undefined {
    return this.config.trailingSlash;
  }
  private site: SiteData | undefined;
  private graph!: RouteGraph;
  private sources = new Map<string, SourceFile>();
  private staticFiles: string[] = [];
  /** The docs versions of the last scan (versions.json and its folders). */
  private versions: VersionSource[] = [];
  /** What the last scan found wrong with the folders (links out of the site or nowhere). */
  private scanProblems: { content: Diagnostic[]; static: Diagnostic[] } = { content: [], static: [] };
  /** The links the last scans followed (content, static, React pages), by where they are. */
  private followed: { content: FollowedLink[]; static: FollowedLink[] } = { content: [], static: [] };

  /**
   * The files pages import that may lie outside the watched folders (`@site/snippets/x.md`,
   * `!!raw-loader!../../examples/a.js`): partials and raw files, as absolute paths.
   */
  get importedFiles(): string[] {
    if (!this.graph) return [];
    return [...this.graph.partials.keys(), ...this.graph.rawFiles.keys()].map((file) => path.resolve(this.config.siteDir, file));
  }

  /** The links the scans followed: the watcher follows none, so what they lead to is watched as well (commands/dev.ts). */
  get followedLinks(): FollowedLink[] {
    return [...this.followed.content, ...this.followed.static];
  }
  private readonly cache: DocumentCache;
  private readonly keys = new WeakMap<SourceFile, string>();
  private linkProblems: Diagnostic[] = [];
  private fingerprints = new Map<string, string>();
  private bundle: ClientBundle | undefined;
  private client: ClientBuilder | undefined;
  private serverRender!: ServerRender;
  private hasGoodBuild = false;

  /** No page has been built yet: the site's first build had errors (the server shows them instead of pages). */
  get unbuilt(): boolean {
    return !this.hasGoodBuild;
  }
  /** The site's own components content imports, as last bundled, and what was wrong with them. */
  private siteComponents: SiteComponent[] = [];
  private siteStyles: string[] = [];
  private islands: SiteComponent[] = [];
  private siteBundle: SiteBundle | undefined;
  private siteCodeProblems: Diagnostic[] = [];
  /** Why the last client bundle failed (the site's code, which the server bundle usually reports first). */
  private clientProblems: Diagnostic[] = [];
  /** A file of the site's code changed: bundle its components again on the next rebuild. */
  private siteCodeStale = true;
  /** The pages folder's React pages (see reactPages.ts). */
  private reactPages: string[] = [];
  private lastUpdates: ReadonlyMap<string, LastUpdate> | undefined;

  private constructor(
    private readonly siteDir: string,
    private readonly server: ServerRenderer,
    private readonly tempDir: string,
    cache: DocumentCache | undefined,
    private readonly configOptions: ConfigOptions,
  ) {
    this.cache = layeredCache(cache);
  }

  /** Loads everything; pages are rendered when asked for. Config errors throw; content errors are kept in `diagnostics`. */
  static async start(siteDir: string, tempDir: string, diskCache?: DocumentCache, configOptions: ConfigOptions = {}, /** Tests: a split index on a small site, made on the helper from so many routes. */ searchIndex?: { options?: IndexOptions; helperFrom?: number }): Promise<DevSite> {
    const server = await ServerRenderer.create(tempDir);
    const dev = new DevSite(siteDir, server, tempDir, diskCache, configOptions);
    dev.searchIndexOptions = searchIndex?.options;
    if (searchIndex?.helperFrom !== undefined) dev.searchInBackgroundFrom = searchIndex.helperFrom;
    try {
      await dev.loadConfigAndCode();
      await dev.rescan();
      await dev.withCacheRecovery(() => dev.rebuild(new Set(), true));
    } catch (error) {
      await dev.dispose();
      throw error;
    }
    return dev;
  }

  /**
   * Runs `work`; when a document's tree could not be read from the document cache
   * (`UnreadableCacheEntry`: its entry gone, cut short or changed on disk since its head
   * was read), forgets every cached document, in memory and on disk, loads them all from
   * their sources again (as a config change does) and runs `work` once more. A cache only
   * costs time: without this, that document failed every rebuild and every page showing
   * it until the server was restarted.
   */
  private async withCacheRecovery<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!unreadableCacheEntryIn(error) || !this.cache.clear) throw error;
      this.cache.clear();
      await this.rebuild(new Set(), true);
      return work();
    }
  }

  /** Real paths of the folders files may be read from (see `readRoots`). */
  get readRoots(): string[] {
    return readRoots(this.config);
  }

  get staticDir(): string {
    return path.resolve(this.config.siteDir, this.config.paths.static);
  }

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  /** Folders and files to watch, with what a change in each means. */
  watchTargets(root: string): { path: string; kind: Change['kind'] }[] {
    const c = this.config;
    return [
      ...contentFolders(c).map(({ dir }) => ({ path: dir, kind: 'content' as const })),
      { path: this.staticDir, kind: 'static' as const },
      // Versioned docs are rare edits: a change there reads the site again, as a config change does.
      ...docsInstances(c).flatMap(({ pluginId }) => [versionsFile(pluginId), `${prefix(pluginId)}versioned_docs`, `${prefix(pluginId)}versioned_sidebars`]).map((p) => ({ path: path.resolve(c.siteDir, p), kind: 'config' as const })),
      ...(c.configFile ? [{ path: c.configFile, kind: 'config' as const }] : []),
      // The site's remark and rehype plugins are the config's code: an edit reads it (and them) again.
      ...(c.sitePlugins?.files ?? []).filter((file) => file !== c.configFile).map((file) => ({ path: file, kind: 'config' as const })),
      // A Docusaurus site's sidebars file is part of its config.
      ...[c.sidebarsSource, ...Object.values(c.docsPluginSidebarsSources ?? {})].flatMap((source) => (source && path.resolve(c.siteDir, source.file) !== c.configFile ? [{ path: path.resolve(c.siteDir, source.file), kind: 'config' as const }] : [])),
      { path: path.join(root, 'themes'), kind: 'code' as const },
      { path: path.join(root, 'runtime'), kind: 'code' as const },
      // The site's own components (src/components/…): a change bundles them again.
      { path: path.resolve(c.siteDir, 'src'), kind: 'code' as const },
    ];
  }

  /**
   * Applies a batch of file changes. The site's code that never ends (a component that
   * renders itself, a loop in the config) is stopped there (watchdog.ts): this rebuild
   * fails with the file named, and the server goes on with the last good pages.
   */
  async apply(batch: Change[]): Promise<RebuildResult> {
    this.lastActive = performance.now();
    try {
      return await this.withCacheRecovery(() => watchdog.guard(() => this.applyChanges(batch)));
    } catch (error) {
      // Kept for tabs opened before it is fixed, as the problems a rebuild finds are.
      if (error instanceof SiteError) this.diagnostics = error.diagnostics;
      // Stopped halfway, some pages rendered anew and some not: the next good rebuild builds the graph anew and reloads open tabs.
      if (error instanceof TaskStoppedError) this.hasGoodBuild = false;
      throw error;
    }
  }

  private async applyChanges(batch: Change[]): Promise<RebuildResult> {
    // The site's code (a React page in the pages folder, a stylesheet) is code wherever it is.
    // (The config and sidebars files are .ts/.js too: they stay config, read again as config.)
    const kinds = new Set(batch.map((c) => (c.kind !== 'config' && SITE_CODE.test(c.path) ? 'code' : c.kind)));
    if (kinds.has('config') || kinds.has('code')) {
      this.siteCodeStale = true;
      if (kinds.has('config')) await this.loadConfigAndCode();
      else {
        this.serverRender = await this.server.load();
        await this.buildClient();
      }
      await this.rescan();
      return { ...(await this.rebuild(new Set(), true)), reload: true };
    }
    const changed = new Set<string>();
    let structural = false;
    for (const change of batch) {
      if (change.kind === 'static') {
        structural = true;
        const scanned = await scanStatic(this.config);
        this.staticFiles = scanned.files;
        this.scanProblems.static = scanned.diagnostics;
        this.followed.static = scanned.links;
        continue;
      }
      const source = contentSource(this.config, change.path);
      if (!source) {
        // A folder came or went (or a rename moved many files): read the tree again.
        if (insideContent(this.config, change.path)) {
          await this.rescan();
          structural = true;
        } else if (this.importedFiles.includes(path.resolve(change.path))) {
          // A partial or raw file outside the content folders: read again with the content.
          structural = true;
        }
        continue;
      }
      changed.add(source.file);
      const had = this.sources.has(source.file);
      try {
        // A link is the walk's to judge (followed inside the site, reported outside it), as on start.
        if (fs.lstatSync(change.path).isSymbolicLink()) {
          await this.rescan();
          structural = true;
          continue;
        }
        // Decoded as the scan decodes (UTF-8 or UTF-16 with a mark; anything else is reported, not published).
        const decoded = readText(change.path, source.file, this.config.markdown.maxFileSize);
        source.text = decoded.ok ? decoded.text : '';
        if (decoded.ok) delete source.unreadable;
        else source.unreadable = decoded.diagnostic;
        if (!had) structural = true;
        this.sources.set(source.file, source);
      } catch {
        // Gone (deleted, or renamed away mid-save): the route goes with it.
        if (had) structural = true;
        this.sources.delete(source.file);
      }
      if (!source.relPath.match(/\.mdx?$/)) structural = true;
    }
    const wasBroken = !this.hasGoodBuild;
    const result = await this.rebuild(changed, structural);
    return { ...result, reload: result.applied && wasBroken };
  }

  /** Whether there is a file at `rel` (a page's is there before it is rendered). */
  hasOutput(rel: string): boolean {
    return this.files.has(rel) || this.pageFileRoutes.has(rel);
  }

  /** Every file there is, pages' included, rendered or not. */
  outputNames(): string[] {
    return [...new Set([...this.pageFileRoutes.keys(), ...this.files.keys()])];
  }

  /**
   * The file at `rel`; a page's is rendered now unless it is kept. A page that fails to
   * render (the site's component throws, or never ends and the watchdog stops it) is
   * answered with its problems, which are added to `diagnostics` and given to
   * `onProblems`; the server goes on.
   */
  async output(rel: string): Promise<Output | undefined> {
    this.lastActive = performance.now();
    const file = this.files.get(rel);
    if (file) return file;
    const routePath = this.pageFileRoutes.get(rel);
    if (routePath === undefined) return undefined;
    let page: KeptPage;
    try {
      page = await this.withCacheRecovery(() => watchdog.guard(async () => this.keptPage(routePath)));
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      this.addProblems(error.diagnostics);
      return { body: renderFailedPage(routePath, error.diagnostics), status: 500 };
    }
    const body = page.files.get(rel);
    return body === undefined ? undefined : { body };
  }

  /** Problems found while serving: shown with the rebuild's until the next rebuild (which has them again once the page is asked for again). */
  private addProblems(problems: Diagnostic[]): void {
    const known = new Set(this.diagnostics.map((d) => formatDiagnostic(d)));
    const added = problems.filter((d) => !known.has(formatDiagnostic(d)));
    if (added.length === 0) return;
    this.diagnostics = [...this.diagnostics, ...added];
    this.onProblems?.(this.diagnostics);
  }

  /**
   * The search index, built when the browser first asks for it after a change: building
   * it on every save would slow down every update for a feature used now and then. Made as
   * a rebuild makes it (`incrementalSearchIndex`): from the last index, reading again only
   * the pages whose document (or React page's text) changed. Made whole each time, it held
   * the server 8.8 s at 10,000 docs on the first search after any save.
   */
  ensureSearchIndex(): Promise<void> {
    // The pages' text is read from their documents' trees.
    return this.withCacheRecovery(() => this.ensureSearchIndexNow());
  }

  private async ensureSearchIndexNow(): Promise<void> {
    // One made on the helper thread first (see below): then the state may have moved on, and this one catches up.
    while (this.searchJob) await this.searchJob;
    const state = this.renderState;
    if (!this.searchStale || !state || this.disposed) return;
    // A React page's text is what it renders: those not rendered since the last change are now (one that fails is left out, and shows its problems when asked for).
    for (const route of state.graph.routes) {
      if (route.kind !== 'react-page') continue;
      try {
        await watchdog.guard(async () => this.keptPage(route.path));
      } catch (error) {
        if (!(error instanceof SiteError)) throw error;
        this.reactPageText.delete(route.path);
      }
    }
    // Made with another config (its search options, its base URL…): read whole, as a build after a config change does.
    const last = this.searchMade?.config === state.config ? this.searchMade : undefined;
    // Read whole on a large site: on the helper thread, so that the server answers meanwhile.
    if (!last && this.searchesOnHelperAt(state)) {
      this.searchJob = this.searchIndexOnHelper(state).finally(() => (this.searchJob = undefined));
      await this.searchJob;
      return this.ensureSearchIndexNow();
    }
    const previous = new Set(this.searchFiles);
    const index = incrementalSearchIndex(state.graph, state.config, {
      reactPages: this.reactPageText,
      keyOf: (document) => state.documentKeys.get(document.file),
      previous: last?.memo,
      // The last index's files are still served: one whose bytes come out the same stays.
      keep: (file) => previous.has(file),
      readPrevious: (file) => {
        const body = previous.has(file) ? this.files.get(file)?.body : undefined;
        return typeof body === 'string' ? body : undefined;
      },
      previousSplitState: last?.split,
      indexOptions: this.searchIndexOptions,
    });
    const now = new Set([...index.kept, ...index.files.keys()]);
    for (const file of previous) if (!now.has(file)) this.files.delete(file);
    for (const [file, body] of index.files) this.files.set(file, { body });
    this.searchFiles = [...now];
    this.searchMade = { config: state.config, memo: index.memo, split: index.split };
    this.searchStale = false;
  }

  /**
   * The whole index of `state`, made on a helper thread (helperThread.ts), taken as the
   * last index made: `ensureSearchIndex` then brings it up to date with what changed since
   * (nothing, unless a save came meanwhile). Made on this thread when no helper can take
   * the site (or it fails): as before, the server waits.
   */
  private async searchIndexOnHelper(state: RenderState): Promise<void> {
    let helper: HelperThread | undefined;
    try {
      helper = HelperThread.start();
      this.searchHelper = helper;
      if (!helper.share(state.graph, state.config, state.site)) throw new Error('The site cannot be posted to another thread.');
      const index = await helper.searchIndex(state.documentKeys, this.reactPageText, this.searchIndexOptions);
      for (const file of this.searchFiles) if (!index.files.has(file)) this.files.delete(file);
      for (const [file, body] of index.files) this.files.set(file, { body });
      this.searchFiles = [...index.files.keys()];
      this.searchMade = { config: state.config, memo: index.memo, split: index.split };
      // Nothing saved meanwhile: it is the index of the pages served.
      if (this.renderState === state) this.searchStale = false;
      this.searchesOnHelper++;
    } catch {
      // Made here instead.
      this.searchInBackgroundFrom = Infinity;
    } finally {
      this.searchHelper = undefined;
      await helper?.close();
    }
  }

  /**
   * Starts the first search index on the helper thread once the server has been idle for
   * `idleMs` (nothing asked for, nothing saved), on a site large enough that it is made
   * there (see SEARCH_HELPER_MIN_ROUTES): a first search then finds it made. Started at once,
   * it took the second core and paused this thread twice (about 0.45 s each, handing the
   * site over and taking the index back) while an author was already editing: at 10,000
   * docs, save→page over the first 20 saves went from 161 to 230 ms (median). Called once
   * the server is ready; on a smaller site the index is made when first asked for.
   */
  prepareSearchIndexWhenIdle(idleMs = SEARCH_IDLE_MS): void {
    const timer = setInterval(() => {
      if (this.disposed || this.searchMade || this.searchJob) clearInterval(timer);
      else if (performance.now() - this.lastActive >= idleMs) {
        clearInterval(timer);
        this.prepareSearchIndex();
      }
    }, Math.min(1000, idleMs)).unref();
  }

  private lastActive = performance.now();

  /** Starts the first search index now, when it is made on the helper thread (see `prepareSearchIndexWhenIdle`). */
  prepareSearchIndex(): void {
    const state = this.renderState;
    if (!state || this.searchMade || !this.searchesOnHelperAt(state)) return;
    // A failure shows when a search asks for the index.
    this.ensureSearchIndex().catch(() => undefined);
  }

  private searchesOnHelperAt(state: RenderState): boolean {
    return state.config.search.provider === 'local' && state.graph.routes.length >= this.searchInBackgroundFrom;
  }

  /** From this many routes, the first index is made on a helper thread (`searchIndexOnHelper`): below, it takes this thread well under a second. */
  private searchInBackgroundFrom = SEARCH_HELPER_MIN_ROUTES;
  private searchJob: Promise<void> | undefined;
  private searchHelper: HelperThread | undefined;
  /** How many indexes the helper made (tests). */
  searchesOnHelper = 0;

  private searchStale = true;
  /** What the last index was made from, for making the next (`incrementalSearchIndex`), and with which config. */
  private searchMade: { config: ResolvedConfig; memo: IndexMemo | undefined; split: SplitState | undefined } | undefined;
  private documentKeys: ReadonlyMap<string, string> = new Map();
  private searchIndexOptions: IndexOptions | undefined;
  private reactPageText = new Map<string, RenderedPageText>();
  private searchFiles: string[] = [];

  /** Set by `dispose`: work still waiting (a search index) stops. */
  private disposed = false;

  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.allSettled([this.client?.dispose(), this.server.dispose(), this.searchHelper?.close()]);
  }

  private async loadConfigAndCode(): Promise<void> {
    this.config = withConfigOptions(await loadConfig(this.siteDir), this.configOptions);
    this.serverRender = await this.server.load();
    // The client bundle embeds the site data, which needs the route graph: built on the next rebuild.
    await this.client?.dispose();
    this.client = undefined;
    this.site = undefined;
  }

  private async rescan(): Promise<void> {
    const versions = readVersions(this.config);
    this.versions = versions.versions;
    const folders = this.versions.map((v) => v.info);
    const [content, staticScan, reactPages] = await Promise.all([scanContent(this.config, folders), scanStatic(this.config), scanReactPages(this.config)]);
    this.sources = new Map(content.files.map((f) => [f.file, f]));
    this.staticFiles = staticScan.files;
    this.reactPages = reactPages.files;
    // Read again when files come and go, not on each save: a save is not a commit.
    this.lastUpdates = lastUpdatesFor(this.config);
    this.scanProblems = { content: [...versions.diagnostics, ...content.diagnostics, ...reactPages.diagnostics], static: staticScan.diagnostics };
    this.followed = { content: [...content.links, ...reactPages.links], static: staticScan.links };
  }

  /**
   * Load → graph → check → render, keeping the previous pages when there are errors.
   * `changed` names the content files edited; `structural` says files came or went.
   */
  private async rebuild(changed: Set<string>, structural: boolean): Promise<Omit<RebuildResult, 'reload'>> {
    const files = [...this.sources.values()].sort((a, b) => (a.file < b.file ? -1 : 1));
    // The grammars the site adds, before its code is highlighted (loading, and rendering code given as text).
    await registerLanguages(this.config.prism?.additionalLanguages);
    // Starting on a large site loads everything once: on every core, as `build` does.
    const content = await loadContent(files, {
      cache: this.cache,
      keys: this.keys,
      readPartial: (file) => readPartial(this.config, file),
      loadMarkdown: (sources) => {
        const { sitePlugins } = this.config;
        if (sitePlugins) return loadDocumentsWithPlugins(sources, sitePlugins);
        return sources.length >= WORKER_THRESHOLD ? loadMarkdownInWorkers(sources) : Promise.resolve(sources.map(loadDocument));
      },
    });
    const docsByFile = new Map(content.documents.map((d) => [d.file, d]));
    // A body edit changes no route, sidebar or listing: patch the last graph instead of building it.
    const fast =
      !structural &&
      this.hasGoodBuild &&
      [...changed].every((file) => {
        const doc = docsByFile.get(file);
        return doc && doc.area !== 'blog' && this.fingerprints.get(file) === navFingerprint(doc);
      });
    const graph = fast ? patchDocuments(this.graph, docsByFile, changed) : buildRouteGraph({ ...content, reactPages: this.reactPages, lastUpdates: this.lastUpdates }, this.config, this.staticFiles, this.versions);
    // The files content imports for their text are read with the content each time: a body edit may name a new one.
    graph.rawFiles = content.rawFiles ?? new Map();
    // Image sizes are file reads: after a body edit, read only images new to the edited files.
    graph.imageSizes = fast
      ? new Map([...this.graph.imageSizes, ...measureImages([...imageUrls(changedDocs(docsByFile, changed))].filter((u) => !this.graph.imageSizes.has(u)), this.staticDir)])
      : measureImages(imageUrls(content.documents), this.staticDir);
    // After a body edit only links in the edited files, or into them (anchors), can change.
    const recheck = fast ? filesLinkingTo(graph, changed) : undefined;
    const checkDeps = { staticFiles: new Set(this.staticFiles), siteFiles: siteFileNames(this.config, graph.posts.length > 0).keys(), fileStatus: (f: string) => siteFileStatus(this.config, f), onlyFiles: recheck };
    const fresh = checkLinks(graph, this.config, checkDeps);
    const linkProblems = recheck ? [...this.linkProblems.filter((d) => !d.file || !recheck.has(d.file)), ...fresh] : fresh;
    this.linkProblems = linkProblems;
    const found = resolveSiteComponents(graph, this.config);
    const components = [...found.components, ...reactPageModules(graph, this.config)];
    const componentsChanged = JSON.stringify([components, found.styles]) !== JSON.stringify([this.siteComponents, this.siteStyles]);
    if (componentsChanged || this.siteCodeStale) await this.bundleSiteCode(components, found.styles);
    const diagnostics = applyPolicy([...this.scanProblems.content, ...this.scanProblems.static, ...withSiteNames(content.diagnostics, this.siteBundle?.overrides ?? {}), ...graph.diagnostics, ...linkProblems, ...found.diagnostics, ...this.siteCodeProblems, ...(this.siteCodeProblems.length > 0 ? [] : this.clientProblems)], this.config, 'dev');
    this.diagnostics = diagnostics;
    if (diagnostics.some((d) => d.severity === 'error')) return { updated: [], sidebars: false, diagnostics, applied: false };
    this.fingerprints = new Map(content.documents.map((d) => [d.file, navFingerprint(d)]));
    this.graph = graph;
    this.documentKeys = new Map(files.flatMap((source): [string, string][] => {
      const key = this.keys.get(source);
      return key === undefined ? [] : [[source.file, key]];
    }));
    // Only components that were bundled reach the browser: one that could not be shows its children (a warning).
    const islands = clientIslands(components, this.siteBundle);
    const modules = this.siteBundle?.clientModules ?? [];
    // The client bundle imports the island loaders and the client modules: another list, another bundle.
    const islandsChanged = componentsChanged || JSON.stringify([islands, modules]) !== JSON.stringify([this.islands, this.clientModules]);
    this.islands = islands;
    this.clientModules = modules;
    if (islandsChanged) {
      // The client bundle's island loaders name the components: a new bundle, and every page links to it.
      await this.client?.dispose();
      this.client = undefined;
    }
    const { updated, sidebars } = fast && !islandsChanged ? { updated: this.renderChangedDocuments(changed), sidebars: false } : await this.renderAll(changed);
    this.copies = new Map(copiedFiles(graph, this.config, this.staticFiles, this.siteBundle?.files).map(([from, to]) => [to, from]));
    this.generatorCopies = new Map(generatorFiles(this.config).map(([from, to]) => [to, from]));
    this.hasGoodBuild = true;
    this.searchStale = true;
    return { updated, sidebars, diagnostics, applied: true };
  }

  /**
   * A body edit: only the pages made from those files (the source and its mirrors),
   * rendered now, so that one that fails fails the rebuild (the pages served stay as they were).
   */
  private renderChangedDocuments(changed: Set<string>): string[] {
    const state = this.stateNow();
    if (!state) return [];
    const routes = this.graph.routes.filter((r) => 'document' in r && changed.has(r.document.file));
    const pages = routes.map((route) => this.renderPage(route, state));
    this.renderState = state;
    routes.forEach((route, i) => this.keep(route.path, pages[i]!));
    return routes.map((r) => r.path);
  }

  /** This rebuild's state, for rendering pages; none while there is no client bundle (no page can be rendered). */
  private stateNow(): RenderState | undefined {
    if (!this.bundle || !this.site) return undefined;
    return { graph: this.graph, config: this.config, site: this.site, bundle: this.bundle, serverRender: this.serverRender, siteBundle: this.siteBundle, documentKeys: this.documentKeys };
  }

  /**
   * Anything else: the site-wide files, the pages kept (served so far, so tabs may show
   * them) rendered again, and those of the files `changed` rendered now (a problem in the
   * file just saved is said at once). Updated are those that changed, and routes that came
   * or went; every other page is rendered when asked for.
   */
  private async renderAll(changed = new Set<string>()): Promise<{ updated: string[]; sidebars: boolean }> {
    const site = await siteDataFor(this.config, this.graph, this.siteBundle !== undefined);
    const styles = await siteStylesCss(this.config);
    const siteChanged = JSON.stringify(site) !== JSON.stringify(this.site) || styles !== this.styles;
    this.site = site;
    this.styles = styles;
    if (siteChanged || !this.client) {
      // The bundle embeds the site data (navbar, footer…) and the config's CSS: a new context for new ones.
      await this.client?.dispose();
      this.client = await ClientBuilder.create(site, path.join(this.tempDir, 'out'), { siteDir: this.config.siteDir, components: this.islands, clientModules: this.siteBundle?.clientModules ?? [], roots: readRoots(this.config), styles });
      await this.buildClient();
    }
    const state = this.stateNow();
    const before = new Set(this.renderState?.graph.routes.map((r) => r.path));
    const live = new Set(this.graph.routes.map((r) => r.path));
    const updated = new Set([...[...live].filter((p) => !before.has(p)), ...[...before].filter((p) => !live.has(p))]);
    // Rendered again before any is replaced: one that fails fails the rebuild, and the pages served stay as they were.
    const kept = new Map<string, KeptPage>();
    for (const [routePath, old] of state ? this.kept : []) {
      const route = this.graph.byPath.get(routePath);
      if (!route) continue;
      const page = this.renderPage(route, state!);
      kept.set(routePath, page);
      if (this.forceRender || page.fingerprint !== old.fingerprint) updated.add(routePath);
    }
    for (const route of state ? this.graph.routes : []) {
      if (!('document' in route) || !changed.has(route.document.file) || kept.has(route.path)) continue;
      kept.set(route.path, this.renderPage(route, state!));
      updated.add(route.path);
    }
    this.forceRender = false;
    this.renderState = state;
    this.kept = kept;
    const trailingSlash = this.config.trailingSlash;
    this.pageFileRoutes = new Map(state ? this.graph.routes.flatMap((r): [string, string][] => [[routeFile(r.path, trailingSlash), r.path], ...(r.kind === 'not-found' ? [] : [[urlFilePath(pageDataUrl('/', r.path)), r.path] as [string, string]])]) : []);
    const siteFiles = new Map(siteWideFiles(this.graph, site, this.config, this.staticFiles));
    const sidebarFolder = path.posix.dirname(urlFilePath(sidebarDataUrl('/', 'id')));
    const sidebarFile = (file: string) => path.posix.dirname(file) === sidebarFolder;
    let sidebars = false;
    // A sidebar or a feed that is gone (config edit, last post deleted) is gone from memory too.
    for (const file of this.siteFiles) {
      if (siteFiles.has(file)) continue;
      this.files.delete(file);
      sidebars ||= sidebarFile(file);
    }
    for (const [file, body] of siteFiles) {
      sidebars ||= sidebarFile(file) && this.files.get(file)?.body !== body;
      this.files.set(file, { body });
    }
    this.siteFiles = [...siteFiles.keys()];
    return { updated: [...updated], sidebars };
  }

  private siteFiles: string[] = [];
  /** The config's CSS the client bundle was made with (siteStyles.ts). */
  private styles = '';
  /** The client modules the client bundle runs (those that bundled). */
  private clientModules: string[] = [];

  /** Builds the client bundle; every page is rendered again (its script names changed). */
  private async buildClient(): Promise<void> {
    for (const file of this.bundle?.files.keys() ?? []) this.files.delete(file);
    if (!this.client) return;
    try {
      this.bundle = await this.client.build();
      this.clientProblems = [];
    } catch (error) {
      // The site's code does not compile: the pages keep the last bundle until it does.
      const failure = asSiteCodeError(error, this.config.siteDir, {}, PACKAGE_ROOT);
      if (!(failure instanceof SiteCodeError)) throw failure;
      this.clientProblems = failure.diagnostics;
    }
    for (const [file, contents] of this.bundle?.files ?? []) this.files.set(file, { body: contents });
    this.forceRender = true;
  }

  private forceRender = false;

  /** Bundles the site's components for the server render; their problems are kept with the others. */
  private async bundleSiteCode(components: SiteComponent[], styles: string[]): Promise<void> {
    if (this.siteBundle?.stylesheet) this.files.delete(this.siteBundle.stylesheet.file);
    // The theme's modules as this server render has them (its own copy of the theme, rebuilt after theme edits).
    const siteDir = this.config.siteDir;
    const stylesheets = siteStylesheets(this.config);
    const code = await siteCodeFor({ siteDir, components, overrides: findThemeOverrides(siteDir), styles: [...stylesheets.files, ...styles], clientModules: stylesheets.clientModules, provided: this.serverRender.siteModules, fallbacks: this.serverRender.fallbackModules, roots: readRoots(this.config), baseUrl: this.config.baseUrl });
    this.siteBundle = code.bundle;
    this.siteCodeProblems = [...placeConfigKeys(stylesheets.diagnostics, this.config), ...code.diagnostics, ...unusedThemeWarnings(siteDir)];
    if (this.siteBundle?.stylesheet) this.files.set(this.siteBundle.stylesheet.file, { body: this.siteBundle.stylesheet.contents });
    this.siteComponents = components;
    this.siteStyles = styles;
    this.siteCodeStale = false;
    this.forceRender = true;
  }

  /** What pages link to: the client bundle's files and the site's stylesheet. */
  private assets(state: RenderState): PageAssets {
    const sheet = state.siteBundle?.stylesheet;
    return sheet ? { ...state.bundle.assets, css: [...state.bundle.assets.css, `${state.config.baseUrl}${sheet.file}`] } : state.bundle.assets;
  }

  /** The page of the route at `routePath` as the last good rebuild renders it: kept, or rendered now and kept. */
  private keptPage(routePath: string): KeptPage {
    const kept = this.kept.get(routePath);
    if (kept) return this.keep(routePath, kept);
    const state = this.renderState!;
    return this.keep(routePath, this.renderPage(state.graph.byPath.get(routePath)!, state));
  }

  /** Keeps `page` as the last served, and lets the first served go past KEPT_PAGES. */
  private keep(routePath: string, page: KeptPage): KeptPage {
    this.kept.delete(routePath);
    this.kept.set(routePath, page);
    if (this.kept.size > KEPT_PAGES) this.kept.delete(this.kept.keys().next().value!);
    return page;
  }

  /** Renders a route with a rebuild's state: the HTML the build writes, plus the dev client (live updates, the problems overlay). */
  private renderPage(route: Route, state: RenderState): KeptPage {
    const page = watchdog.runSync({ what: `Rendering ${route.path}`, file: route.source }, () =>
      pageFiles(route, { graph: state.graph, config: state.config, site: state.site, assets: this.assets(state), server: state.serverRender, siteComponents: state.siteBundle?.components, siteValues: state.siteBundle?.values, overrides: state.siteBundle?.overrides, overrideKeys: state.siteBundle?.overrideKeys }),
    );
    // A React page's text for the search index, as the build has it.
    if (route.kind === 'react-page' && page.data) {
      const data = JSON.parse(page.data) as { html: string; title: string };
      this.reactPageText.set(route.path, renderedPageText(data.html, data.title));
    }
    const html = routeFile(route.path, state.config.trailingSlash);
    return { files: new Map(page.files.map(([file, body]) => [file, file === html ? body.replace('</body>', `${DEV_CLIENT_TAG}\n</body>`) : body])), fingerprint: page.fingerprint };
  }
}

/**
 * What a page that fails to render shows: its problems (as the terminal does), and the dev
 * client, which reloads it after the next change (a fix in the site's code reloads every tab;
 * a fix in content is an update, which this page, without the app, takes as a reload).
 */
function renderFailedPage(routePath: string, problems: Diagnostic[]): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>This page could not be rendered</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem">
<h1>This page could not be rendered</h1>
<p>${escape(routePath)} failed to render. Fix the file named below; the page reloads once the site is rebuilt.</p>
<pre style="white-space: pre-wrap">${escape(problems.map((d) => formatDiagnostic(d)).join('\n\n'))}</pre>
<script>addEventListener('site:dev-update', () => location.reload());</script>
${DEV_CLIENT_TAG}
</body>
</html>
`;
}
