import { SiteError } from '../errors/SiteError.ts';
import { printDiagnostics, type DiagnosticFormat } from '../pipeline/report.ts';
import type { Reporter } from '../pipeline/reporter.ts';

/** Prints a failure for the author (diagnostics, or the message; the stack only with --debug) → exit code 1, or 2 for a refused request. */
export function handleFailure(error: unknown, reporter: Reporter, debug: boolean | undefined, headline: string, format: DiagnosticFormat = 'text'): number {
  if (error instanceof SiteError) {
    // Diagnostics of the check stage were printed already by the pipeline.
    if (!error.printed) printDiagnostics(error.diagnostics, reporter, format);
  } else {
    reporter.error((error as Error)?.message ?? String(error));
  }
  if (debug && error instanceof Error) reporter.error(error.stack ?? '');
  reporter.error(headline);
  return error instanceof SiteError ? error.exitCode : 1;
}
