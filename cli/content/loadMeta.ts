// Its ES module build: the UMD one it names first loads its parts with a require() a bundle cannot follow.
import { parse as parseJsonc, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import * as z from 'zod';
import type { SourceFile } from './scan.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { authorSocials } from './authorSocials.ts';
import { catalog } from '../errors/catalog.ts';
import { describeIssueRule } from '../errors/zodIssue.ts';
import { yamlErrorPlace, yamlKeyLine } from './yamlPlaces.ts';
import { findControl, jsonDepthMark, loadYaml, ControlCharacterError, DataDepthError, YamlExpansionError } from './loadYaml.ts';
import { kebabCase } from './slug.ts';
import { categoryLink } from '../config/schema.ts';
import { booleanLike, numberLike } from './frontMatter.ts';

/** Docusaurus's `_category_` keys (`validateCategoryMetadataFile`): anything else is an error. */
const categorySchema = z.strictObject({
  label: z.string().optional(),
  position: numberLike(z.number()).optional(),
  collapsed: booleanLike().optional(),
  collapsible: booleanLike().optional(),
  className: z.string().optional(),
  description: z.string().optional(),
  /** Passed on to the sidebar item, as a sidebars file's `customProps`. */
  customProps: z.record(z.string(), z.unknown()).optional(),
  /** The item's key for translations and React, which this sidebar does not need. */
  key: z.string().optional(),
  link: categoryLink.optional(),
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
  /** As written; made links (`authorSocials`) once read. */
  socials: z.unknown().optional(),
});
export type Author = z.output<typeof authorSchema>;

/** Parses `_category_.json|yml`. */
export function loadCategory(source: SourceFile): { category?: CategoryMeta; diagnostics: Diagnostic[] } {
  const parsed = parseData(source);
  if ('diagnostic' in parsed) return { diagnostics: [parsed.diagnostic] };
  const result = categorySchema.safeParse(parsed.value ?? {});
  if (!result.success) {
    const { at, problem } = describeDataIssue(result.error.issues[0]!, parsed.value);
    return {
      diagnostics: [{ severity: 'error', file: source.file, line: keyLine(source, at), column: 1, ...catalog.categoryInvalid(problem) }],
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
    const { at, problem } = describeDataIssue(result.error.issues[0]!, parsed.value);
    return {
      authors: {},
      diagnostics: [{ severity: 'error', file: source.file, line: keyLine(source, at), column: 1, ...catalog.authorsInvalid(problem) }],
    };
  }
  // Their socials made links, as Docusaurus makes them: a value it refuses is an error at its line, one it cannot link a warning.
  const diagnostics: Diagnostic[] = [];
  for (const [key, author] of Object.entries(result.data)) {
    if (!('socials' in author)) continue;
    const made = authorSocials(author.socials);
    const line = keyLine(source, [key, 'socials']);
    if ('problem' in made) {
      diagnostics.push({ severity: 'error', file: source.file, line, column: 1, ...catalog.authorSocialsInvalid('authors.yml', `${key}.${made.problem}`) });
      delete author.socials;
    } else {
      author.socials = made.socials;
      for (const warning of made.warnings) diagnostics.push({ severity: 'warning', file: source.file, line, column: 1, ...catalog.authorSocialUnlinked('authors.yml', `${key}.${warning}`) });
    }
  }
  return { authors: result.data, diagnostics };
}

const tagEntrySchema = z.strictObject({ label: z.string().optional(), permalink: z.string().optional(), description: z.string().optional() }).nullable();

/** A tag declared in `tags.yml`, with Docusaurus's defaults filled in. */
export interface TagDeclaration {
  label: string;
  /** Relative to the tags page ("/release"). */
  permalink: string;
  description?: string;
}

/**
 * Parses a docs or blog folder's `tags.yml` (Docusaurus's tags file): a map from the key
 * front matter uses to `{label, permalink, description}`; label defaults to the key
 * capitalised ("hello World" → "Hello world"), permalink to its kebab case.
 */
export function loadTagsFile(source: SourceFile): { tags: Record<string, TagDeclaration>; diagnostics: Diagnostic[] } {
  const parsed = parseData(source);
  if ('diagnostic' in parsed) return { tags: {}, diagnostics: [parsed.diagnostic] };
  const result = z.record(z.string(), tagEntrySchema).safeParse(parsed.value ?? {});
  if (!result.success) {
    const { at, problem } = describeDataIssue(result.error.issues[0]!, parsed.value);
    return { tags: {}, diagnostics: [{ severity: 'error', file: source.file, line: keyLine(source, at), column: 1, ...catalog.tagsFileInvalid(problem) }] };
  }
  const tags: Record<string, TagDeclaration> = {};
  for (const [key, entry] of Object.entries(result.data)) {
    tags[key] = {
      label: entry?.label ?? key.charAt(0).toUpperCase() + key.slice(1).toLowerCase(),
      permalink: entry?.permalink ?? `/${kebabCase(key)}`,
      description: entry?.description,
    };
  }
  return { tags, diagnostics: [] };
}

/**
 * A data file's problem in words, and the key path whose line to show: an unknown key is
 * named at its own line; a wrong value says what it must be and what was found.
 */
function describeDataIssue(issue: z.core.$ZodIssue, value: unknown): { at: PropertyKey[]; problem: string } {
  const key = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const unknown = issue.keys[0]!;
    return { at: [...issue.path, unknown], problem: `${key ? `"${key}" has` : 'it has'} the unknown key "${unknown}"` };
  }
  let found = value;
  for (const k of issue.path) found = found !== null && typeof found === 'object' ? (found as Record<PropertyKey, unknown>)[k] : undefined;
  const rule = issue.code === 'invalid_type' ? `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}` : describeIssueRule(issue);
  const shown = JSON.stringify(found) ?? 'nothing';
  return { at: issue.path, problem: `${key ? `"${key}"` : 'it'} ${rule}; found ${shown.length > 60 ? `${shown.slice(0, 57)}…` : shown}` };
}

/** The line of a key path in a YAML file (best effort; 1 when it cannot be found). */
function keyLine(source: SourceFile, path: PropertyKey[]): number {
  if (source.file.endsWith('.json')) return jsonKeyLine(source.text, path.map(String));
  return Math.max(0, yamlKeyLine(source.text.split('\n'), path.map(String))) + 1;
}

/** JSON keys are quoted: the line of the last key of the path, looked for in order. */
function jsonKeyLine(text: string, path: string[]): number {
  let at = 0;
  for (const key of path) {
    const i = text.indexOf(`"${key}"`, at);
    if (i === -1) break;
    at = i;
  }
  return text.slice(0, at).split('\n').length;
}

function parseData(source: SourceFile): { value: unknown } | { diagnostic: Diagnostic } {
  const json = source.file.endsWith('.json');
  try {
    if (!json) return { value: loadYaml(source.text) };
    const value: unknown = JSON.parse(source.text);
    const tooDeep = jsonDepthMark(source.text);
    if (tooDeep) throw new DataDepthError(tooDeep);
    // JSON's escapes ("\u0007") may write what YAML's may.
    const control = findControl(value);
    if (control) throw new ControlCharacterError(control.path, control.char, { line: jsonKeyLine(source.text, control.path) - 1, column: 0 });
    return { value };
  } catch (error) {
    if (error instanceof YamlExpansionError) {
      return { diagnostic: { severity: 'error', file: source.file, line: error.mark.line + 1, column: error.mark.column + 1, ...catalog.yamlExpansion('This file', error.message) } };
    }
    if (error instanceof ControlCharacterError) {
      return { diagnostic: { severity: 'error', file: source.file, line: error.mark.line + 1, column: error.mark.column + 1, ...catalog.dataControl('This file', error.path.join('.'), error.char) } };
    }
    if (error instanceof DataDepthError) {
      return { diagnostic: { severity: 'error', file: source.file, line: error.mark.line + 1, column: error.mark.column + 1, ...catalog.dataTooDeep('This file', error.message) } };
    }
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0]!;
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const place = json ? jsonErrorPlace(source.text) : mark && yamlErrorPlace(source.text, mark);
    const note = place && 'note' in place && place.note ? ` (${place.note})` : '';
    return {
      diagnostic: {
        severity: 'error',
        file: source.file,
        line: place ? place.line + 1 : 1,
        column: place ? place.column + 1 : 1,
        ...catalog.dataSyntax(json ? 'JSON' : 'YAML', reason + note),
      },
    };
  }
}

/**
 * Where JSON that JSON.parse refused goes wrong, line and column 0-based: V8 names an offset
 * for some errors only ("… at position 42", but not "Unexpected token '}', …"), so the text is
 * read again by jsonc-parser, strict JSON (no comments, no trailing commas), for the first
 * error's offset.
 */
function jsonErrorPlace(text: string): { line: number; column: number } | undefined {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const offset = errors[0]?.offset;
  if (offset === undefined) return undefined;
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, column: offset - (before.lastIndexOf('\n') + 1) };
}
