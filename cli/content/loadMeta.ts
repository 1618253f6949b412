import { load as loadYaml } from 'js-yaml';
import { z } from 'zod';
import type { SourceFile } from './scan.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';

const categorySchema = z.strictObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  description: z.string().optional(),
  link: z
    .union([
      z.strictObject({ type: z.literal('doc'), id: z.string() }),
      z.strictObject({ type: z.literal('generated-index'), slug: z.string().optional(), title: z.string().optional(), description: z.string().optional() }),
    ])
    .nullable()
    .optional(),
});

/** A folder's `_category_` file. */
export interface CategoryMeta {
  /** The folder, relative to the docs folder ('' for the root). */
  dir: string;
  file: string;
  meta: z.output<typeof categorySchema>;
}

const authorSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
  email: z.string().optional(),
});
export type Author = z.output<typeof authorSchema>;

/** Parses `_category_.json|yml`. */
export function loadCategory(source: SourceFile): { category?: CategoryMeta; diagnostics: Diagnostic[] } {
  const parsed = parseData(source);
  if ('diagnostic' in parsed) return { diagnostics: [parsed.diagnostic] };
  const result = categorySchema.safeParse(parsed.value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return {
      diagnostics: [{ severity: 'error', file: source.file, line: 1, column: 1, ...catalog.categoryInvalid(`${issue.path.join('.') || 'file'}: ${issue.message}`) }],
    };
  }
  const dir = source.relPath.includes('/') ? source.relPath.slice(0, source.relPath.lastIndexOf('/')) : '';
  return { category: { dir, file: source.file, meta: result.data }, diagnostics: [] };
}

/** Parses the blog's `authors.yml`: a map from key to author. */
export function loadAuthors(source: SourceFile): { authors: Record<string, Author>; diagnostics: Diagnostic[] } {
  const parsed = parseData(source);
  if ('diagnostic' in parsed) return { authors: {}, diagnostics: [parsed.diagnostic] };
  const result = z.record(z.string(), authorSchema).safeParse(parsed.value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return {
      authors: {},
      diagnostics: [{ code: 'authors-invalid', severity: 'error', file: source.file, line: 1, column: 1, message: `authors.yml: "${issue.path.join('.')}" ${issue.message}.`, hint: 'Each author needs at least a name.' }],
    };
  }
  return { authors: result.data, diagnostics: [] };
}

function parseData(source: SourceFile): { value: unknown } | { diagnostic: Diagnostic } {
  try {
    return { value: source.file.endsWith('.json') ? JSON.parse(source.text) : loadYaml(source.text) };
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    return {
      diagnostic: {
        code: 'data-syntax',
        severity: 'error',
        file: source.file,
        line: mark ? mark.line + 1 : 1,
        column: mark ? mark.column + 1 : 1,
        message: `${source.file.endsWith('.json') ? 'JSON' : 'YAML'} syntax error: ${((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0]}.`,
      },
    };
  }
}
