import fs from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { decodeText } from './decodeText.ts';

/** Which plugin a file belongs to. */
export type ContentArea = 'docs' | 'blog' | 'pages';

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

/**
 * Reads every content file of the docs, blog and pages folders. Files and folders whose
 * name starts with `_` (except category files) or `.` are skipped, as in Docusaurus.
 * The result is sorted by path so every later stage sees the same order.
 */
export async function scanContent(config: ResolvedConfig): Promise<SourceFile[]> {
  const areas: [ContentArea, string][] = [
    ['docs', config.paths.docs],
    ['blog', config.paths.blog],
    ['pages', config.paths.pages],
  ];
  const lists = await Promise.all(
    areas.map(async ([area, dir]) => {
      const root = path.resolve(config.siteDir, dir);
      const names = await walk(root);
      return Promise.all(
        names.map(async (relPath): Promise<SourceFile> => {
          const file = toPosix(path.relative(config.siteDir, path.join(root, relPath)));
          const decoded = decodeText(await fs.readFile(path.join(root, relPath)), file);
          return decoded.ok ? { area, relPath, file, text: decoded.text } : { area, relPath, file, text: '', unreadable: decoded.diagnostic };
        }),
      );
    }),
  );
  return lists.flat().sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

async function walk(root: string, prefix = ''): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: string[] = [];
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('_')) out.push(...(await walk(root, rel)));
    } else if (isContentFile(entry.name) && (!entry.name.startsWith('_') || CATEGORY_RE.test(entry.name))) {
      out.push(rel);
    }
  }
  return out;
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** Every file of the static folder, relative to it (for link checks and collisions). */
export async function scanStatic(config: ResolvedConfig): Promise<string[]> {
  const root = path.resolve(config.siteDir, config.paths.static);
  const out: string[] = [];
  const walkAll = async (rel: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walkAll(child);
      else out.push(child);
    }
  };
  await walkAll('');
  return out.sort();
}
