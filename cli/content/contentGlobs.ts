import { globMatcher } from './globMatch.ts';

/**
 * Which files of a content folder are content, as Docusaurus's content plugins decide:
 * `include` globs, relative to the folder, less `exclude` globs. Docusaurus runs globby
 * over the folder; the scan walks it instead (it must see symbolic links and loops), and
 * asks this filter of each file, and of each folder whether anything in it can be content,
 * so a folder no glob can reach is not walked.
 *
 * A glob means here what it means to globby (globMatch.ts, which matches in linear time):
 * `*` and `**` pass over no hidden name, braces and classes work; extglobs are refused.
 */
export interface ContentGlobs {
  include?: string[];
  exclude?: string[];
}

/** Docusaurus's `GlobExcludeDefault`: partials (`_` files and folders), tests and `__tests__`. */
export const DEFAULT_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

/** Each plugin's default `include`. */
export const DEFAULT_INCLUDE = {
  docs: ['**/*.{md,mdx}'],
  blog: ['**/*.{md,mdx}'],
  pages: ['**/*.{js,jsx,ts,tsx,md,mdx}'],
} as const;

export interface ContentFilter {
  /** Whether a file (its path relative to the folder, with `/`) is content. */
  includes(relPath: string): boolean;
  /** Whether anything in a folder (its path relative to the content folder) can be content. */
  mayHold(relPath: string): boolean;
}

const filters = new Map<string, ContentFilter>();

/** The filter for a plugin's globs; compiled once per set of globs (a scan asks it of every file). */
export function contentFilter(globs: ContentGlobs, defaultInclude: readonly string[]): ContentFilter {
  const include = globs.include ?? defaultInclude;
  const exclude = globs.exclude ?? DEFAULT_EXCLUDE;
  const key = JSON.stringify([include, exclude]);
  let filter = filters.get(key);
  if (!filter) {
    filter = compile(include, exclude);
    filters.set(key, filter);
  }
  return filter;
}

function compile(globs: readonly string[], excludeGlobs: readonly string[]): ContentFilter {
  // globby takes `!glob` among the patterns as a file to leave out.
  const include = globMatcher(globs.filter((glob) => !glob.startsWith('!')));
  const exclude = globMatcher([...excludeGlobs, ...globs.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1))]);
  // A folder is left out whole when an exclude glob ends in `/**` and the rest matches it
  // (`**/_*/**` leaves out `guides/_drafts`). Other exclude globs are asked file by file.
  const wholeFolders = globMatcher(excludeGlobs.filter((glob) => glob.endsWith('/**')).map((glob) => glob.slice(0, -3)));
  return {
    includes: (relPath) => include.matches(relPath) && !exclude.matches(relPath),
    // An include glob reaches only what its parts can match (`guides/**/*.md`: below `guides`).
    mayHold: (relPath) => include.mayHold(relPath) && !wholeFolders.matches(relPath),
  };
}
