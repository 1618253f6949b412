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
import { layeredCache, type DocumentCache } from '../content/documentCache.ts';
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
import type { Diagnostic } from '../report/diagnostic.ts';
import { copiedFiles, generatorFiles, pageFiles, siteDataFor, siteWideFiles } from '../render/siteOutputs.ts';
import { siteStylesCss } from '../bundle/siteStyles.ts';
import { pageDataUrl, type SiteData } from '../../runtime/pageData.ts';
import { routeFile, urlFilePath } from '../graph/paths.ts';
import type { ClientBundle } from '../bundle/clientBundle.ts';
import { ClientBuilder, ServerRenderer } from './compilers.ts';
import type { ServerRender } from '../render/renderRoute.ts';
import type { Change } from './rebuildQueue.ts';
import { patchDocuments } from './patchGraph.ts';
import { changedDocs, filesLinkingTo, navFingerprint } from './affected.ts';
import { contentSource, insideContent } from './contentPaths.ts';
import { searchIndexFiles } from '../search/searchIndex.ts';
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
}

/** What one rebuild did, for the terminal line and the browser. */
export interface RebuildResult {
  /** Routes whose page changed. */
  updated: string[];
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
 * The site held in memory for `dev`: the same stages as `build` (load, graph, check,
 * render), kept up to date file by file. Documents are cached by content, so only changed
 * files are loaded again; a body edit re-renders only that document's pages, while an
 * edit that other pages show (title, position, tags…) or a new or removed file re-renders
 * the pages whose output actually changed.
 */
export class DevSite {
  /** Files the generator made, by output path. */
  readonly outputs = new Map<string, Output>();
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
  /** Each route's page data as JSON (with its rendered content), to tell which pages an edit changed. */
  private pageJson = new Map<string, string>();
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

  /** Loads everything and renders every page. Config errors throw; content errors are kept in `diagnostics`. */
  static async start(siteDir: string, tempDir: string, diskCache?: DocumentCache, configOptions: ConfigOptions = {}): Promise<DevSite> {
    const server = await ServerRenderer.create(tempDir);
    const dev = new DevSite(siteDir, server, tempDir, diskCache, configOptions);
    try {
      await dev.loadConfigAndCode();
      await dev.rescan();
      await dev.rebuild(new Set(), true);
    } catch (error) {
      await dev.dispose();
      throw error;
    }
    return dev;
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
    try {
      return await watchdog.guard(() => this.applyChanges(batch));
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

  /**
   * The search index, built when the browser first asks for it after a change: building
   * it on every save would slow down every update for a feature used now and then.
   */
  ensureSearchIndex(): void {
    if (!this.searchStale) return;
    for (const file of this.searchFiles) this.outputs.delete(file);
    const files = searchIndexFiles(this.graph, this.config, undefined, this.reactPageText);
    for (const [file, body] of files) this.outputs.set(file, { body });
    this.searchFiles = [...files.keys()];
    this.searchStale = false;
  }

  private searchStale = true;
  private reactPageText = new Map<string, RenderedPageText>();
  private searchFiles: string[] = [];

  async dispose(): Promise<void> {
    await Promise.allSettled([this.client?.dispose(), this.server.dispose()]);
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
    if (diagnostics.some((d) => d.severity === 'error')) return { updated: [], diagnostics, applied: false };
    this.fingerprints = new Map(content.documents.map((d) => [d.file, navFingerprint(d)]));
    this.graph = graph;
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
    const updated = fast && !islandsChanged ? this.renderChangedDocuments(changed) : await this.renderAll();
    this.copies = new Map(copiedFiles(graph, this.config, this.staticFiles, this.siteBundle?.files).map(([from, to]) => [to, from]));
    this.generatorCopies = new Map(generatorFiles(this.config).map(([from, to]) => [to, from]));
    this.hasGoodBuild = true;
    this.searchStale = true;
    return { updated, diagnostics, applied: true };
  }

  /** A body edit: only the pages made from those files (the source and its mirrors). */
  private renderChangedDocuments(changed: Set<string>): string[] {
    const routes = this.graph.routes.filter((r) => 'document' in r && changed.has(r.document.file));
    for (const route of routes) this.renderOne(route, true);
    return routes.map((r) => r.path);
  }

  /** Anything else: every page whose data changed, plus the site-wide files. */
  private async renderAll(): Promise<string[]> {
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
    const updated: string[] = [];
    const live = new Set<string>();
    for (const route of this.graph.routes) {
      live.add(route.path);
      if (this.renderOne(route, this.forceRender)) updated.push(route.path);
    }
    this.forceRender = false;
    for (const old of [...this.pageJson.keys()]) {
      if (live.has(old)) continue;
      this.pageJson.delete(old);
      this.outputs.delete(routeFile(old, this.config.trailingSlash));
      this.outputs.delete(urlFilePath(pageDataUrl('/', old)));
      updated.push(old);
    }
    const siteFiles = new Map(siteWideFiles(this.graph, site, this.config, this.staticFiles));
    // A sidebar or a feed that is gone (config edit, last post deleted) is gone from memory too.
    for (const file of this.siteFiles) if (!siteFiles.has(file)) this.outputs.delete(file);
    for (const [file, body] of siteFiles) this.outputs.set(file, { body });
    this.siteFiles = [...siteFiles.keys()];
    return updated;
  }

  private siteFiles: string[] = [];
  /** The config's CSS the client bundle was made with (siteStyles.ts). */
  private styles = '';
  /** The client modules the client bundle runs (those that bundled). */
  private clientModules: string[] = [];

  /** Builds the client bundle; every page is rendered again (its script names changed). */
  private async buildClient(): Promise<void> {
    for (const file of this.bundle?.files.keys() ?? []) this.outputs.delete(file);
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
    for (const [file, contents] of this.bundle?.files ?? []) this.outputs.set(file, { body: contents });
    this.forceRender = true;
  }

  private forceRender = false;

  /** Bundles the site's components for the server render; their problems are kept with the others. */
  private async bundleSiteCode(components: SiteComponent[], styles: string[]): Promise<void> {
    if (this.siteBundle?.stylesheet) this.outputs.delete(this.siteBundle.stylesheet.file);
    // The theme's modules as this server render has them (its own copy of the theme, rebuilt after theme edits).
    const siteDir = this.config.siteDir;
    const stylesheets = siteStylesheets(this.config);
    const code = await siteCodeFor({ siteDir, components, overrides: findThemeOverrides(siteDir), styles: [...stylesheets.files, ...styles], clientModules: stylesheets.clientModules, provided: this.serverRender.siteModules, fallbacks: this.serverRender.fallbackModules, roots: readRoots(this.config), baseUrl: this.config.baseUrl });
    this.siteBundle = code.bundle;
    this.siteCodeProblems = [...placeConfigKeys(stylesheets.diagnostics, this.config), ...code.diagnostics, ...unusedThemeWarnings(siteDir)];
    if (this.siteBundle?.stylesheet) this.outputs.set(this.siteBundle.stylesheet.file, { body: this.siteBundle.stylesheet.contents });
    this.siteComponents = components;
    this.siteStyles = styles;
    this.siteCodeStale = false;
    this.forceRender = true;
  }

  /** What pages link to: the client bundle's files and the site's stylesheet. */
  private assets(bundle: ClientBundle): PageAssets {
    const sheet = this.siteBundle?.stylesheet;
    return sheet ? { ...bundle.assets, css: [...bundle.assets.css, `${this.config.baseUrl}${sheet.file}`] } : bundle.assets;
  }

  /**
   * Renders a route and keeps its files when its page changed (or `force`); says whether
   * it did. A page changed when its data did: that holds its rendered content and sidebar.
   */
  private renderOne(route: Route, force: boolean): boolean {
    const { site, bundle } = this;
    if (!bundle || !site) return false;
    const page = watchdog.runSync({ what: `Rendering ${route.path}`, file: route.source }, () => pageFiles(route, { graph: this.graph, config: this.config, site, assets: this.assets(bundle), server: this.serverRender, siteComponents: this.siteBundle?.components, siteValues: this.siteBundle?.values, overrides: this.siteBundle?.overrides, overrideKeys: this.siteBundle?.overrideKeys }));
    if (!force && this.pageJson.get(route.path) === page.fingerprint) return false;
    this.pageJson.set(route.path, page.fingerprint);
    // A React page's text for the search index, as the build has it.
    if (route.kind === 'react-page' && page.data) {
      const data = JSON.parse(page.data) as { html: string; title: string };
      this.reactPageText.set(route.path, renderedPageText(data.html, data.title));
    }
    for (const [file, body] of page.files) {
      // The HTML the build writes, plus the dev client (live updates, the problems overlay).
      this.outputs.set(file, { body: file === routeFile(route.path, this.config.trailingSlash) ? body.replace('</body>', `${DEV_CLIENT_TAG}\n</body>`) : body });
    }
    return true;
  }

}

