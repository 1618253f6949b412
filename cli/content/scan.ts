import fs from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { contentFolders, readRoots } from '../config/sitePaths.ts';
import { walkFolder } from './walkFolder.ts';
import { decodeText } from './decodeText.ts';

/** Which plugin a file belongs to. */
export type { ContentArea } from '../config/sitePaths.ts';
import type { ContentArea } from '../config/sitePaths.ts';

/** A content file as read from disk: the only I/O the load stage needs. */
export interface SourceFile {
  area: ContentArea;
  /** Path relative to the area's folder, with forward slashes (`functional/cart.md`). */
  relPath: string;
  /** Path relative to the site folder, for messages (`content/docs/functional/cart.md`). */
  file: string;
  text: string;
  /** Set when the bytes are not text we can publish (then `text` is empty). */
  unreadable?: Diagnostic;
}

const MARKDOWN_RE = /\.mdx?$/;
const CATEGORY_RE = /^_category_\.(json|ya?ml)$/;
const AUTHORS_RE = /^authors\.ya?ml$/;

/** The content files the generator reads: Markdown, category files and authors.yml. */
export function isContentFile(name: string): boolean {
  return MARKDOWN_RE.test(name) || CATEGORY_RE.test(name) || AUTHORS_RE.test(name);
}

export interface ScanResult<T> {
  files: T[];
  /** Links that lead out of the site or nowhere. */
  diagnostics: Diagnostic[];
}

/**
 * Reads every content file of the docs, blog and pages folders. Files and folders whose
 * name starts with `_` (except category files) or `.` are skipped, as in Docusaurus.
 * Symbolic links are followed while they stay inside the site (see walkFolder).
 * The result is sorted by path so every later stage sees the same order.
 */
export async function scanContent(config: ResolvedConfig): Promise<ScanResult<SourceFile>> {
  const areas = contentFolders(config);
  const allowedRoots = readRoots(config);
  const diagnostics: Diagnostic[] = [];
  const lists = await Promise.all(
    areas.map(async ({ area, dir: root }) => {
      const walked = await walkFolder(root, { allowedRoots, siteDir: config.siteDir, skip: skipContent });
      diagnostics.push(...walked.diagnostics);
      return Promise.all(
        walked.files.map(async (relPath): Promise<SourceFile> => {
          const file = toPosix(path.relative(config.siteDir, path.join(root, relPath)));
          const decoded = decodeText(await fs.readFile(path.join(root, relPath)), file);
          return decoded.ok ? { area, relPath, file, text: decoded.text } : { area, relPath, file, text: '', unreadable: decoded.diagnostic };
        }),
      );
    }),
  );
  const files = lists.flat().sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, diagnostics };
}

function skipContent(name: string, isDirectory: boolean): boolean {
  if (name.startsWith('.') || name === 'node_modules') return true;
  if (isDirectory) return name.startsWith('_');
  return !isContentFile(name) || (name.startsWith('_') && !CATEGORY_RE.test(name));
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** Every file of the static folder, relative to it (for link checks, collisions and the copy). */
export async function scanStatic(config: ResolvedConfig): Promise<ScanResult<string>> {
  const root = path.resolve(config.siteDir, config.paths.static);
  return walkFolder(root, { allowedRoots: readRoots(config), siteDir: config.siteDir });
}
