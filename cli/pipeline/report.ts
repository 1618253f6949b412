import type { ResolvedConfig } from '../config/types.ts';
import { formatDiagnostic, formatGithubAnnotation, sortDiagnostics, type Diagnostic } from '../report/diagnostic.ts';
import type { Reporter } from './reporter.ts';

type Policy = ResolvedConfig['onBrokenLinks'];
const STRICTNESS: Record<Policy, number> = { ignore: 0, warn: 1, error: 2 };
const stricter = (a: Policy, b: Policy | undefined): Policy => (b !== undefined && STRICTNESS[b] > STRICTNESS[a] ? b : a);

/**
 * Applies the config's severity policy: `onBrokenLinks` and `onBrokenAnchors` turn those
 * problems into errors, warnings, or nothing. Everything else keeps its severity.
 * A link to a .md file that is no page is a broken link under `onBrokenMarkdownLinks` too:
 * in Docusaurus the MDX loader reports it by that option and leaves the link as written,
 * which the broken-link check then reports by `onBrokenLinks`, so the stricter one decides.
 */
export function applyPolicy(diagnostics: Diagnostic[], config: Pick<ResolvedConfig, 'onBrokenLinks' | 'onBrokenAnchors'> & Partial<Pick<ResolvedConfig, 'onBrokenMarkdownLinks'>>, mode: 'build' | 'dev' = 'build'): Diagnostic[] {
  return diagnostics.flatMap((d) => {
    // A redirect to nowhere fails a build whatever onBrokenLinks says, as in Docusaurus; in dev it is a warning, as a broken link is.
    if (d.code === 'broken-redirect') return [{ ...d, severity: mode === 'dev' ? 'warning' : 'error' }];
    const linkPolicy = d.markdownLink ? stricter(config.onBrokenLinks, config.onBrokenMarkdownLinks) : config.onBrokenLinks;
    const policy = d.code === 'broken-link' || d.code === 'missing-file' ? linkPolicy : d.code === 'broken-anchor' ? config.onBrokenAnchors : null;
    if (policy === null) return [d];
    if (policy === 'ignore') return [];
    // In dev a broken link is a warning: the author is in the middle of writing.
    const severity = mode === 'dev' || policy === 'warn' ? 'warning' : 'error';
    return [{ ...d, severity }];
  });
}

export type DiagnosticFormat = 'text' | 'json' | 'github';

/** Prints diagnostics grouped by file (at most SHOWN_PER_KIND of a kind in a file, then their count; JSON has all), then one summary line; returns the error count. */
export function printDiagnostics(diagnostics: Diagnostic[], reporter: Reporter, format: DiagnosticFormat = 'text', out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const sorted = sortDiagnostics(diagnostics);
  const errors = sorted.filter((d) => d.severity === 'error').length;
  if (format === 'json') {
    out(`${JSON.stringify({ errors, warnings: sorted.length - errors, diagnostics: sorted }, null, 2)}\n`);
    return errors;
  }
  const { shown, hidden } = capByKind(sorted);
  if (format === 'github') {
    for (const d of shown) out(`${formatGithubAnnotation(d)}\n`);
  }
  for (const d of shown) {
    (d.severity === 'error' ? reporter.error : reporter.warn)(formatDiagnostic(d));
    const more = hidden.get(d);
    if (more) reporter.info(`${d.file ? `${d.file}: ` : ''}${more.toLocaleString('en-US')} more ${d.severity}s like this (${d.code})${d.line ? ` after line ${d.line}` : ''} are not shown. Fix these and build again, or run \`check --format json\` to list them all.`);
  }
  if (sorted.length > 0) reporter.info(summaryLine(sorted));
  return errors;
}

/**
 * Problems of one kind in one file shown before the rest are counted instead: a generated
 * page with one repeated mistake (60,000 duplicate heading ids in a 1 MB file) printed
 * 120,000 lines, burying every other problem; the first few say what to fix.
 */
export const SHOWN_PER_KIND = 10;

/** The diagnostics to print (sorted as given), and after which one how many of its kind were left out. */
function capByKind(sorted: Diagnostic[]): { shown: Diagnostic[]; hidden: Map<Diagnostic, number> } {
  const seen = new Map<string, { count: number; last: Diagnostic }>();
  const shown: Diagnostic[] = [];
  for (const d of sorted) {
    const key = `${d.file ?? ''}\0${d.code}\0${d.severity}`;
    const kind = seen.get(key) ?? { count: 0, last: d };
    kind.count++;
    if (kind.count <= SHOWN_PER_KIND) {
      shown.push(d);
      kind.last = d;
    }
    seen.set(key, kind);
  }
  const hidden = new Map<Diagnostic, number>();
  for (const { count, last } of seen.values()) if (count > SHOWN_PER_KIND) hidden.set(last, count - SHOWN_PER_KIND);
  return { shown, hidden };
}

/** "3 broken links and 1 other error in 2 files". */
export function summaryLine(diagnostics: Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.length - errors.length;
  const files = new Set(diagnostics.flatMap((d) => (d.file ? [d.file] : []))).size;
  const parts: string[] = [];
  if (errors.length) parts.push(`${errors.length} error${errors.length === 1 ? '' : 's'}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return files === 0 ? parts.join(' and ') : `${parts.join(' and ')} in ${files} file${files === 1 ? '' : 's'}`;
}
