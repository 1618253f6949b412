import type { ResolvedConfig } from '../config/types.ts';
import { formatDiagnostic, formatGithubAnnotation, sortDiagnostics, type Diagnostic } from '../report/diagnostic.ts';
import type { Reporter } from './reporter.ts';

/**
 * Applies the config's severity policy: `onBrokenLinks` and `onBrokenAnchors` turn those
 * problems into errors, warnings, or nothing. Everything else keeps its severity.
 */
export function applyPolicy(diagnostics: Diagnostic[], config: Pick<ResolvedConfig, 'onBrokenLinks' | 'onBrokenAnchors'>, mode: 'build' | 'dev' = 'build'): Diagnostic[] {
  return diagnostics.flatMap((d) => {
    const policy = d.code === 'broken-link' || d.code === 'missing-file' ? config.onBrokenLinks : d.code === 'broken-anchor' ? config.onBrokenAnchors : null;
    if (policy === null) return [d];
    if (policy === 'ignore') return [];
    // In dev a broken link is a warning: the author is in the middle of writing.
    const severity = mode === 'dev' || policy === 'warn' ? 'warning' : 'error';
    return [{ ...d, severity }];
  });
}

export type DiagnosticFormat = 'text' | 'json' | 'github';

/** Prints diagnostics grouped by file, then one summary line; returns the error count. */
export function printDiagnostics(diagnostics: Diagnostic[], reporter: Reporter, format: DiagnosticFormat = 'text', out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const sorted = sortDiagnostics(diagnostics);
  const errors = sorted.filter((d) => d.severity === 'error').length;
  if (format === 'json') {
    out(`${JSON.stringify({ errors, warnings: sorted.length - errors, diagnostics: sorted }, null, 2)}\n`);
    return errors;
  }
  if (format === 'github') {
    for (const d of sorted) out(`${formatGithubAnnotation(d)}\n`);
  }
  for (const d of sorted) (d.severity === 'error' ? reporter.error : reporter.warn)(formatDiagnostic(d));
  if (sorted.length > 0) reporter.info(summaryLine(sorted));
  return errors;
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
