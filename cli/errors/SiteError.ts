import type { Diagnostic } from '../report/diagnostic.ts';

/**
 * A failure the author can fix: it carries the diagnostics to print, so commands can
 * show them and exit 1 without a stack trace (shown only with --debug).
 */
export class SiteError extends Error {
  readonly diagnostics: Diagnostic[];
  /** Set once the diagnostics were shown, so they are not printed twice. */
  printed = false;
  constructor(diagnostics: Diagnostic[], options?: { cause?: unknown }) {
    super(diagnostics.map((d) => d.message).join('\n'), options);
    this.name = 'SiteError';
    this.diagnostics = diagnostics;
  }
}

/** Wraps a single diagnostic. */
export function siteError(d: Omit<Diagnostic, 'severity'>, cause?: unknown): SiteError {
  return new SiteError([{ severity: 'error', ...d }], { cause });
}
