import fs from 'node:fs';
import path from 'node:path';
import { catalog } from '../errors/catalog.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { contentFolders, readRoots, siteFileStatus, type ContentFolder } from '../config/sitePaths.ts';
import { contentFilter, DEFAULT_INCLUDE, type ContentFilter } from './contentGlobs.ts';
import { walkFolder, type FollowedLink } from './walkFolder.ts';
import { readText } from './readText.ts';
import { stampOf, type FileStamp, type KnownFiles } from './knownFiles.ts';

/** Which plugin a file belongs to. */
export type { ContentArea } from '../config/sitePaths.ts';
import type { ContentArea } from '../config/sitePaths.ts';
import { DEFAULT_MAGIC_COMMENTS, type MagicComment } from './markdown/magicComments.ts';

/** A content file as read from disk: the only I/O the load stage needs. */
export interface SourceFile {
  area: ContentArea;
  /** Path relative to the area's folder, with forward slashes (`functional/cart.md`). */
  relPath: string;
  /** Path relative to the site folder, for messages (`content/docs/functional/cart.md`). */
  file: string;
  /** Empty when not read (`unreadable`, or `recordedKey`). */
  text: string;
  /** Set when the bytes are not text we can publish (then `text` is empty). */
  unreadable?: Diagnostic;
  /** How the config says to parse it (its front matter may say otherwise). */
  format?: MarkdownFormat;
  /** Markdown: the most nodes its tree may have (markdown.maxNodes; `loadDocument`). */
  maxNodes?: number;
  /** Markdown: its `npm2yarn` code blocks become tabs (markdown.npm2yarn; part of its content key). */
  npm2yarn?: Npm2YarnOptions;
  /** Markdown: its `mermaid` code blocks are diagrams (markdown.mermaid; part of its content key). */
  mermaid?: true;
  /** Markdown: false when its `:shortcode:`s stay as written (markdown.emoji off; part of its content key); they become emoji by default. */
  emoji?: false;
  /** Markdown: its heading ids keep the headings' letter case (markdown.anchors.maintainCase; part of its content key). */
  anchorsMaintainCase?: true;
  /** Markdown: `$…$` and `$$` blocks are TeX math, typeset by KaTeX with these options (markdown.math; part of its content key). */
  math?: MathOptions;
  /** Markdown: the stamp of the site's own remark and rehype plugins that run on it (config.sitePlugins; part of its content key). */
  sitePlugins?: string;
  /** Markdown: the magic comments its code blocks read, when not Docusaurus's own (prism.magicComments; part of its content key). */
  magicComments?: MagicComment[];
  /** Markdown: Prism's languages its code blocks may be in besides the generator's (prism.additionalLanguages; part of its content key). */
  languages?: string[];
  /** What `stat` said of a Markdown file before it was read, when a build cache records it (knownFiles.ts). */
  stamp?: FileStamp;
  /**
   * Set instead of `text` when the stamp is what an earlier build recorded: the content
   * key the file had then. The load stage reads it after all if that document is no
   * longer cached (`readSource`).
   */
  recordedKey?: string;
}

export type MarkdownFormat = 'md' | 'mdx';

export type Npm2YarnOptions = Exclude<ResolvedConfig['markdown']['npm2yarn'], false>;

/** How a file's math is read and typeset (markdown.math, less the areas it applies to). */
export type MathOptions = Omit<Exclude<ResolvedConfig['markdown']['math'], false>, 'areas'>;

/** What the config says of making a file of an area into a document (a Markdown file, when `format` is given; nothing for other files). */
export function markdownSettings(config: Pick<ResolvedConfig, 'markdown' | 'prism' | 'sitePlugins'>, area: ContentArea, format: MarkdownFormat | undefined): Pick<SourceFile, 'format' | 'maxNodes' | 'npm2yarn' | 'mermaid' | 'emoji' | 'anchorsMaintainCase' | 'math' | 'sitePlugins' | 'magicComments' | 'languages'> {
  if (!format) return { format };
  const magicComments = config.prism?.magicComments;
  const math = config.markdown.math && config.markdown.math.areas.includes(area) ? { singleDollarTextMath: config.markdown.math.singleDollarTextMath, katex: config.markdown.math.katex } : undefined;
  return {
    format,
    maxNodes: config.markdown.maxNodes,
    ...(config.markdown.npm2yarn ? { npm2yarn: config.markdown.npm2yarn } : {}),
    ...(config.markdown.mermaid ? { mermaid: true as const } : {}),
    ...(config.markdown.emoji ? {} : { emoji: false as const }),
    ...(config.markdown.anchors.maintainCase ? { anchorsMaintainCase: true as const } : {}),
    ...(math ? { math } : {}),
    ...(config.sitePlugins?.areas[area] ? { sitePlugins: config.sitePlugins.stamp } : {}),
    ...(magicComments && JSON.stringify(magicComments) !== JSON.stringify(DEFAULT_MAGIC_COMMENTS) ? { magicComments } : {}),
    ...(config.prism?.additionalLanguages?.length ? { languages: config.prism.additionalLanguages } : {}),
  };
}

/**
 * How a Markdown file is made into a document besides its text: its format, and the
 * options that change its tree. What knownFiles.ts records a content key under, so a
 * changed option is a new key (`cacheKey` hashes the same).
 */
export function parseSettings(source: Pick<SourceFile, 'format' | 'npm2yarn' | 'mermaid' | 'emoji' | 'anchorsMaintainCase' | 'math' | 'sitePlugins' | 'magicComments' | 'languages'>): string {
  let settings = source.format ?? 'md';
  if (source.npm2yarn) settings += ` npm2yarn ${JSON.stringify(source.npm2yarn)}`;
  if (source.mermaid) settings += ' mermaid';
  if (source.emoji === false) settings += ' no-emoji';
  if (source.anchorsMaintainCase) settings += ' anchors-case';
  if (source.math) settings += ` math ${JSON.stringify(source.math)}`;
  if (source.sitePlugins) settings += ` plugins ${source.sitePlugins}`;
  if (source.magicComments) settings += ` magicComments ${JSON.stringify(source.magicComments)}`;
  if (source.languages) settings += ` languages ${JSON.stringify(source.languages)}`;
  return settings;
}

/** markdown.format applied to a file, as Docusaurus's getFormat: `detect` makes only .mdx files MDX. */
export function formatOf(config: Pick<ResolvedConfig, 'markdown'>, relPath: string, setting: 'md' | 'mdx' | 'detect' = config.markdown.format): MarkdownFormat {
  if (setting === 'detect') return relPath.endsWith('.mdx') ? 'mdx' : 'md';
  return setting;
}

const MARKDOWN_RE = /\.mdx?$/;
const CATEGORY_RE = /^_category_\.(json|ya?ml)$/;
const AUTHORS_RE = /^authors\.ya?ml$/;
const TAGS_RE = /^tags\.ya?ml$/;

/** The content files the generator reads: Markdown, category files, authors.yml and tags.yml. */
export function isContentFile(name: string): boolean {
  return MARKDOWN_RE.test(name) || CATEGORY_RE.test(name) || AUTHORS_RE.test(name) || TAGS_RE.test(name);
}

export interface ScanResult<T> {
  files: T[];
  /** Links that lead out of the site or nowhere. */
  diagnostics: Diagnostic[];
  /** The links the scan followed, for dev to watch what they lead to (chokidar follows none). */
  links: FollowedLink[];
}

/**
 * Reads every content file of the docs (one folder a version), blog and pages folders. Files and folders whose
 * name starts with `_` (except category files) or `.` are skipped, as in Docusaurus.
 * Symbolic links are followed while they stay inside the site (see walkFolder).
 * The result is sorted by path so every later stage sees the same order.
 */
export async function scanContent(config: ResolvedConfig, docsFolders?: DocsFolder[], known?: KnownFiles): Promise<ScanResult<SourceFile>> {
  // Each docs version has its folder (`versioned_docs/version-X`); all of them are docs.
  // Each docs instance's too (its folders are in docsFolders when they are given).
  const areas: ContentFolder[] = docsFolders
    ? [...docsFolders.map(({ contentDir, pluginId }) => ({ area: 'docs' as const, dir: path.resolve(config.siteDir, contentDir), pluginId })), ...contentFolders(config).filter((f) => f.area !== 'docs')]
    : contentFolders(config);
  const allowedRoots = readRoots(config);
  const diagnostics: Diagnostic[] = [];
  const links: FollowedLink[] = [];
  const lists = await Promise.all(
    areas.map(async (folder) => {
      const { area, dir: root } = folder;
      const walked = await walkFolder(root, { allowedRoots, siteDir: config.siteDir, skip: skipContent(folderFilter(config, folder)) });
      diagnostics.push(...walked.diagnostics);
      links.push(...walked.links);
      // The walk's paths are plain (names joined by "/"): joined by hand, not normalized 10,000 times.
      const rootFromSite = toPosix(path.relative(config.siteDir, root));
      const absolute = path.sep === '/' && !root.endsWith('/') ? (relPath: string) => `${root}/${relPath}` : (relPath: string) => path.join(root, relPath);
      return walked.files.map((relPath): SourceFile => {
        const file = rootFromSite === '' ? relPath : `${rootFromSite}/${relPath}`;
        const settings = markdownSettings(config, area, MARKDOWN_RE.test(relPath) ? formatOf(config, relPath) : undefined);
        // Taken before the read: a file written after it has another stamp next time.
        const stamp = known && settings.format ? stampOf(absolute(relPath)) : undefined;
        const recordedKey = stamp && stamp.size <= config.markdown.maxFileSize ? known!.keyOf(file, parseSettings(settings), stamp) : undefined;
        if (recordedKey !== undefined) return { area, relPath, file, text: '', ...settings, stamp, recordedKey };
        return readSource(config, { area, relPath, file, text: '', ...settings, stamp });
      });
    }),
  );
  const files = lists.flat().sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, diagnostics: [...missingFolders(config), ...diagnostics], links };
}

/** Each kind of config's content folders when it names none. */
const NATIVE_FOLDERS = { docs: 'docs', blog: 'blog', pages: 'pages' };
const DOCUSAURUS_FOLDERS = { docs: 'docs', blog: 'blog', pages: 'src/pages' };

/**
 * Content folders the config names that are not there. A docs folder is an error, as in
 * Docusaurus ("The docs folder does not exist"): the site would be built without its docs.
 * A blog or pages folder named otherwise than by default is a warning: Docusaurus builds
 * without one, but a mistyped path would drop every post without a word.
 */
function missingFolders(config: ResolvedConfig): Diagnostic[] {
  const configFile = config.configFile ? toPosix(path.relative(config.siteDir, config.configFile)) : undefined;
  // Keys are the native config's; a Docusaurus config's options are elsewhere (its presets and plugins).
  const docusaurus = configFile !== undefined && /^docusaurus\.config\./.test(path.basename(configFile));
  const named: { area: ContentArea; folder: string; key: string; explicit: boolean }[] = [
    ...(['docs', 'blog', 'pages'] as const).flatMap((area) => {
      const folder = config.paths[area];
      // Docs built only from versioned_docs (includeCurrentVersion: false) need no current folder.
      if (folder === false || (area === 'docs' && !config.docs.includeCurrentVersion)) return [];
      return [{ area, folder, key: `paths.${area}`, explicit: folder !== (docusaurus ? DOCUSAURUS_FOLDERS : NATIVE_FOLDERS)[area] }];
    }),
    ...(config.docsPlugins ?? []).map((plugin, i) => ({ area: 'docs' as const, folder: plugin.path, key: `docsPlugins.${i}.path`, explicit: true })),
  ];
  return named.flatMap(({ area, folder, key, explicit }) => {
    if (fs.existsSync(path.resolve(config.siteDir, folder))) return [];
    // Docusaurus's docs plugin, on unless the config turns it off, needs its folder even where the config names none.
    if (!explicit && !(area === 'docs' && docusaurus)) return [];
    return [{ severity: area === 'docs' ? ('error' as const) : ('warning' as const), file: configFile, ...(docusaurus ? {} : { configKey: key }), ...catalog.contentFolderMissing(area, folder) }];
  });
}

/**
 * A scanned file with its text (or why it has none). Read at once: a promise read is four
 * round trips through the thread pool and costs seven times the CPU of a plain read
 * (2,000 docs: 0.2 s against 30 ms).
 */
export function readSource(config: ResolvedConfig, source: SourceFile): SourceFile {
  const { recordedKey: _, ...rest } = source;
  const decoded = readText(path.resolve(config.siteDir, source.file), source.file, config.markdown.maxFileSize);
  return decoded.ok ? { ...rest, text: decoded.text } : { ...rest, text: '', unreadable: decoded.diagnostic };
}

/** A docs version's folder, relative to the site folder, and the docs instance it belongs to. */
export interface DocsFolder {
  contentDir: string;
  pluginId: string;
}

/**
 * Which Markdown files of a content folder are content: its plugin's `include` and
 * `exclude` globs (a docs version's folder has its instance's; Docusaurus's defaults
 * leave out `_` partials and tests).
 */
export function folderFilter(config: Pick<ResolvedConfig, 'docs' | 'docsPlugins' | 'blog' | 'pages'>, folder: Pick<ContentFolder, 'area' | 'pluginId'>): ContentFilter {
  if (folder.area === 'docs') {
    const instance = folder.pluginId === undefined || folder.pluginId === config.docs.pluginId ? config.docs : config.docsPlugins?.find((d) => d.pluginId === folder.pluginId);
    return contentFilter(instance ?? {}, DEFAULT_INCLUDE.docs);
  }
  return contentFilter(config[folder.area] ?? {}, DEFAULT_INCLUDE[folder.area]);
}

/**
 * What the scan leaves out of a content folder: hidden names and node_modules always;
 * folders the filter says can hold no content; Markdown the filter does not include; and
 * of the other files, all but category files, authors.yml and tags.yml (never `_` ones
 * besides category files).
 */
function skipContent(filter: ContentFilter): (name: string, isDirectory: boolean, relPath: string) => boolean {
  return (name, isDirectory, relPath) => {
    if (name.startsWith('.') || name === 'node_modules') return true;
    if (isDirectory) return !filter.mayHold(relPath);
    if (MARKDOWN_RE.test(name)) return !filter.includes(relPath);
    return !isContentFile(name) || (name.startsWith('_') && !CATEGORY_RE.test(name));
  };
}

/** Whether the scan reads a file of a content folder (`relPath` from the folder): what dev asks of a path that changed. */
export function isScannedPath(filter: ContentFilter, relPath: string): boolean {
  const skip = skipContent(filter);
  const names = relPath.split('/');
  return names.every((name, i) => !skip(name, i < names.length - 1, names.slice(0, i + 1).join('/')));
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** Every file of the static folder, relative to it (for link checks, collisions and the copy). */
export async function scanStatic(config: ResolvedConfig): Promise<ScanResult<string>> {
  const root = path.resolve(config.siteDir, config.paths.static);
  return walkFolder(root, { allowedRoots: readRoots(config), siteDir: config.siteDir });
}

/**
 * A partial an MDX file imports, read as the scan reads content: decoded, and only when it
 * and whatever links lead to it are inside the site. Its area is the folder it is in.
 */
export function readPartial(config: ResolvedConfig, file: string): SourceFile | 'missing' | 'outside' {
  const status = siteFileStatus(config, file);
  // A partial behind a broken link is missing as a file is (the scan names the link itself).
  if (status !== 'ok') return status === 'broken-symlink' ? 'missing' : status;
  const abs = path.resolve(config.siteDir, file);
  const folder = contentFolders(config).find(({ dir }) => abs.startsWith(dir + path.sep));
  const area = folder?.area ?? 'docs';
  const relPath = folder ? toPosix(path.relative(folder.dir, abs)) : file;
  const decoded = readText(path.resolve(config.siteDir, file), file, config.markdown.maxFileSize);
  const settings = markdownSettings(config, area, formatOf(config, file));
  return decoded.ok ? { area, relPath, file, text: decoded.text, ...settings } : { area, relPath, file, text: '', ...settings, unreadable: decoded.diagnostic };
}
