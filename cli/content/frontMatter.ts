import matter from 'gray-matter';
import * as z from 'zod';
import type { Diagnostic } from '../report/diagnostic.ts';
import { describeIssueRule } from '../errors/zodIssue.ts';
import { catalog } from '../errors/catalog.ts';
import { valueText, withArticle } from '../report/valueText.ts';
import { yamlErrorPlace, yamlKeyLine } from './yamlPlaces.ts';
import { loadYaml, ControlCharacterError, DataDepthError, YamlExpansionError } from './loadYaml.ts';

const stringList = z.array(z.union([z.string(), z.number()]).transform(String));

/**
 * A number, or a string that writes one (`sidebar_position: "2"`), and a boolean, or
 * "true"/"false" in any case: Docusaurus validates front matter and category files with
 * Joi, which converts them, so sites written for it hold them, and they were errors here.
 */
export const numberLike = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value) ? Number(value) : value), schema);
export const booleanLike = () => z.preprocess((value) => (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value) ? value.trim().toLowerCase() === 'true' : value), z.boolean());
const author = z.union([
  z.string(),
  z.looseObject({ name: z.string().optional(), title: z.string().optional(), url: z.string().optional(), image_url: z.string().optional(), key: z.string().optional() }),
]);

/** The Docusaurus front matter keys we understand; unknown keys are kept and ignored. */
export const frontMatterSchema = z.looseObject({
  // Docusaurus refuses a slash: the id is joined to the folder path.
  id: z.string().regex(/^[^/]*$/, 'A doc id without "/" (the folder is added to it)').optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  slug: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: numberLike(z.number()).optional(),
  sidebar_class_name: z.string().optional(),
  sidebar_key: z.string().optional(),
  sidebar_custom_props: z.record(z.string(), z.unknown()).optional(),
  parse_number_prefixes: booleanLike().optional(),
  custom_edit_url: z.string().nullable().optional(),
  displayed_sidebar: z.string().nullable().optional(),
  tags: z.array(z.union([z.string(), z.looseObject({ label: z.string(), permalink: z.string().optional() })])).optional(),
  keywords: stringList.optional(),
  image: z.string().optional(),
  /** Parse this file as MDX or plain Markdown, whatever markdown.format says. */
  format: z.enum(['md', 'mdx', 'detect']).optional(),
  draft: booleanLike().optional(),
  unlisted: booleanLike().optional(),
  hide_title: booleanLike().optional(),
  hide_table_of_contents: booleanLike().optional(),
  toc_min_heading_level: numberLike(z.number().int().min(2).max(6)).optional(),
  toc_max_heading_level: numberLike(z.number().int().min(2).max(6)).optional(),
  pagination_prev: z.string().nullable().optional(),
  pagination_next: z.string().nullable().optional(),
  pagination_label: z.string().optional(),
  last_update: z.looseObject({ date: z.union([z.string(), z.date()]).optional(), author: z.string().optional() }).optional(),
  // blog
  date: z.union([z.string(), z.date()]).optional(),
  authors: z.union([author, z.array(author)]).optional(),
  hide_reading_time: booleanLike().optional(),
});

export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface ParsedFrontMatter {
  data: FrontMatter;
  body: string;
  /** Lines before the body, to shift Markdown positions to file lines. */
  bodyLineOffset: number;
  /** The file line of each top-level key, for messages about its value. */
  keyLines: Record<string, number>;
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
    // An options object bypasses gray-matter's cache, which keeps every input alive. The
    // YAML parser is the one category files and authors.yml use (js-yaml 5): the same
    // rules everywhere, and error marks on the right line where gray-matter's older
    // js-yaml puts them at the end of the front matter.
    // gray-matter hands over the text after "---" with its line break: drop it, so marks
    // count from the front matter's first line.
    parsed = matter(text, { engines: { yaml: (yaml: string) => (loadYaml(yaml.replace(/^\r?\n/, '')) ?? {}) as object } });
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0]!;
    const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '');
    const yaml = text.slice(text.indexOf('\n') + 1, text.length - body.length);
    // js-yaml reports an unclosed [ or " where it gave up, often lines later: point at the opener.
    const place: { line: number; column: number; note?: string } | undefined = error instanceof YamlExpansionError || error instanceof ControlCharacterError || error instanceof DataDepthError ? error.mark : mark ? yamlErrorPlace(yaml, mark) : undefined;
    const problem =
      error instanceof YamlExpansionError
        ? catalog.yamlExpansion('The front matter', error.message)
        : error instanceof ControlCharacterError
          ? catalog.dataControl('The front matter', error.path.join('.'), error.char)
          : error instanceof DataDepthError
            ? catalog.dataTooDeep('The front matter', error.message)
            : catalog.frontMatterSyntax(place?.note ? `${reason} (${place.note})` : reason);
    return {
      data: {},
      body,
      bodyLineOffset: lineCount(text.slice(0, text.length - body.length)),
      keyLines: {},
      diagnostics: [{ severity: 'error', file, line: place ? place.line + 2 : 1, column: place ? place.column + 1 : 1, ...problem }],
    };
  }
  const bodyLineOffset = lineCount(text.slice(0, text.length - parsed.content.length));
  const yamlLines = text.slice(0, text.length - parsed.content.length).split('\n').slice(1);
  const lineOf = (path: PropertyKey[]) => yamlKeyLine(yamlLines, path.map(String)) + 2;
  const keyLines: Record<string, number> = {};
  yamlLines.forEach((line, i) => {
    const key = /^["']?([A-Za-z_][\w-]*)["']?\s*:/.exec(line)?.[1];
    if (key && !(key in keyLines)) keyLines[key] = i + 2;
  });
  const checked = checkDates(parsed.data, yamlLines);
  // A day past its month's end (2017-02-29) is read as Docusaurus reads it, the days after (March 1): said, not fatal.
  const badDates = checked.filter((date) => !date.rollsOver);
  const dateProblems = checked.map(({ path, value, rollsOver }): Diagnostic => ({
    severity: rollsOver ? 'warning' : 'error',
    file,
    line: lineOf(path),
    column: 1,
    ...(rollsOver ? catalog.dateRollsOver(path.join('.'), value, rollsOver) : catalog.invalidDate(path.join('.'), value)),
  }));
  const dateWarnings = dateProblems.filter((d) => d.severity === 'warning');
  const result = frontMatterSchema.safeParse(parsed.data);
  if (result.success && badDates.length === 0) return { data: result.data, body: parsed.content, bodyLineOffset, keyLines, diagnostics: dateWarnings };
  const issues = result.success ? [] : result.error.issues;
  const diagnostics = issues.map((issue): Diagnostic => {
    const key = String(issue.path[0] ?? '');
    let value = parsed.data[key];
    for (const k of issue.path.slice(1)) value = (value as Record<PropertyKey, unknown> | undefined)?.[k];
    const rule = issue.code === 'invalid_type' ? `must be ${withArticle(issue.expected)}` : describeIssueRule(issue);
    return { severity: 'error', file, line: lineOf(issue.path), column: 1, ...catalog.frontMatterField(issue.path.join('.'), rule, valueText(value, Infinity)) };
  });
  diagnostics.push(...dateProblems);
  // Keep the valid keys so one bad value does not hide the page's other problems.
  const data: Record<string, unknown> = { ...parsed.data };
  for (const issue of issues) delete data[String(issue.path[0])];
  for (const { path } of badDates) delete data[path[0]!];
  return { data: frontMatterSchema.parse(data), body: parsed.content, bodyLineOffset, keyLines, diagnostics };
}

/** Front matter keys that hold a date, as key paths. */
const DATE_KEYS = [['date'], ['last_update', 'date']];

/**
 * Dates that are not real: text no date parser reads (`notadate`), and calendar dates
 * that do not exist (`2024-13-45`, `2023-02-29`). YAML turns an unquoted YYYY-MM-DD
 * into a date object and silently rolls 2024-13-45 over to 2025-02-14, so the date as
 * written on its line is checked too.
 */
function checkDates(data: Record<string, unknown>, yamlLines: string[]): { path: string[]; value: string; rollsOver?: string }[] {
  const problems: { path: string[]; value: string; rollsOver?: string }[] = [];
  for (const path of DATE_KEYS) {
    let value: unknown = data;
    for (const k of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[k] : undefined;
    if (value === undefined || value === null) continue;
    const line = yamlLines[yamlKeyLine(yamlLines, path)] ?? '';
    const written = new RegExp(`^\\s*${path[path.length - 1]}\\s*:\\s*['"]?([^'"#]*)`).exec(line)?.[1]?.trim();
    const text = value instanceof Date ? written ?? '' : typeof value === 'string' ? value : '';
    const ok = value instanceof Date ? !Number.isNaN(value.getTime()) && isRealCalendarDate(text) : typeof value === 'string' ? isRealDate(value) : true;
    if (ok) continue;
    // The day the date means to JavaScript (and so to Docusaurus), when only its day is past its month's end.
    const readAs = pastMonthEnd(text || String(value));
    problems.push({ path, value: JSON.stringify(text || String(value)), ...(readAs ? { rollsOver: readAs } : {}) });
  }
  return problems;
}

/** Whether a front matter date string means one instant (an ISO date or date-time, or what Date reads). */
export function isRealDate(text: string): boolean {
  return !Number.isNaN(new Date(text).getTime()) && isRealCalendarDate(text);
}

/**
 * A leading YYYY-MM-DD must name a day that exists, and a time after it a time of day
 * (YAML's timestamps roll 02-30 over to March, and T25:00 over to the next day).
 */
export function isRealCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim());
  if (!m) return true;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const day = mo >= 1 && mo <= 12 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  if (m[4] === undefined) return day;
  const [hours, minutes, seconds] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  return day && hours <= 23 && minutes <= 59 && seconds <= 59;
}

/**
 * For a date whose only fault is a day past its month's end (the 29th to 31st of a month
 * that has fewer days; a time of day, if any, real), the day it rolls over to, as
 * YYYY-MM-DD; else undefined (2024-13-45 rolls over too, but names no month: an error).
 */
export function pastMonthEnd(text: string): string | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 29 || d > 31) return undefined;
  if (m[4] !== undefined && !(Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6] ?? 0) <= 59)) return undefined;
  if (Number.isNaN(new Date(text).getTime()) && !/^\d{4}-\d{1,2}-\d{1,2}$/.test(text.trim())) return undefined;
  return new Date(Date.UTC(y, mo - 1, d)).toISOString().slice(0, 10);
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
