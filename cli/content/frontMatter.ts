import matter from 'gray-matter';
import { z } from 'zod';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';

const stringList = z.array(z.union([z.string(), z.number()]).transform(String));
const author = z.union([
  z.string(),
  z.looseObject({ name: z.string().optional(), title: z.string().optional(), url: z.string().optional(), image_url: z.string().optional(), key: z.string().optional() }),
]);

/** The Docusaurus front matter keys we understand; unknown keys are kept and ignored. */
export const frontMatterSchema = z.looseObject({
  id: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  slug: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  sidebar_class_name: z.string().optional(),
  sidebar_key: z.string().optional(),
  displayed_sidebar: z.string().nullable().optional(),
  tags: z.array(z.union([z.string(), z.looseObject({ label: z.string(), permalink: z.string().optional() })])).optional(),
  keywords: stringList.optional(),
  image: z.string().optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  hide_title: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  pagination_prev: z.string().nullable().optional(),
  pagination_next: z.string().nullable().optional(),
  pagination_label: z.string().optional(),
  last_update: z.looseObject({ date: z.union([z.string(), z.date()]).optional(), author: z.string().optional() }).optional(),
  // blog
  date: z.union([z.string(), z.date()]).optional(),
  authors: z.union([author, z.array(author)]).optional(),
  hide_reading_time: z.boolean().optional(),
});

export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface ParsedFrontMatter {
  data: FrontMatter;
  body: string;
  /** Lines before the body, to shift Markdown positions to file lines. */
  bodyLineOffset: number;
  diagnostics: Diagnostic[];
}

/**
 * Splits front matter from the body and validates the known keys. YAML errors and bad
 * values become diagnostics at the file's own line numbers; the body is still returned
 * so the rest of the file can be checked.
 */
export function parseFrontMatter(text: string, file: string): ParsedFrontMatter {
  let parsed: { data: Record<string, unknown>; content: string };
  try {
    // An options object bypasses gray-matter's cache, which keeps every input alive.
    parsed = matter(text, {});
  } catch (error) {
    // js-yaml counts lines from the newline right after the opening `---` (gray-matter keeps
    // it in the YAML text), so its 0-based line + 1 is the file's line.
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0]!;
    const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '');
    return {
      data: {},
      body,
      bodyLineOffset: lineCount(text.slice(0, text.length - body.length)),
      diagnostics: [{ severity: 'error', file, line: mark ? mark.line + 1 : 1, column: mark ? mark.column + 1 : 1, ...catalog.frontMatterSyntax(reason) }],
    };
  }
  const bodyLineOffset = lineCount(text.slice(0, text.length - parsed.content.length));
  const result = frontMatterSchema.safeParse(parsed.data);
  if (result.success) return { data: result.data, body: parsed.content, bodyLineOffset, diagnostics: [] };
  const diagnostics = result.error.issues.map((issue): Diagnostic => {
    const key = String(issue.path[0] ?? '');
    const line = findKeyLine(text, key);
    let value = parsed.data[key];
    for (const k of issue.path.slice(1)) value = (value as Record<PropertyKey, unknown> | undefined)?.[k];
    const expected = issue.code === 'invalid_type' ? `a ${issue.expected}` : issue.message.toLowerCase();
    return { severity: 'error', file, line, column: 1, ...catalog.frontMatterField(issue.path.join('.'), expected, JSON.stringify(value) ?? 'nothing') };
  });
  // Keep the valid keys so one bad value does not hide the page's other problems.
  const data: Record<string, unknown> = { ...parsed.data };
  for (const issue of result.error.issues) delete data[String(issue.path[0])];
  return { data: frontMatterSchema.parse(data), body: parsed.content, bodyLineOffset, diagnostics };
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function findKeyLine(text: string, key: string): number {
  const lines = text.split('\n');
  const index = lines.findIndex((l, i) => i > 0 && l.startsWith(`${key}:`));
  return index === -1 ? 1 : index + 1;
}
