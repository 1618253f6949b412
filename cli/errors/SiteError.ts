import type { Diagnostic } from '../report/diagnostic.ts';

/**
 * A failure the author can fix: it carries the diagnostics to print, so commands can
 * show them and exit 1 without a stack trace (shown only with --debug).
 */
export class SiteError extends Error {
  readonly diagnostics: Diagnostic[];
  /** Set once the diagnostics were shown, so they are not printed twice. */
  printed = false;
  /** 1: the input is wrong; 2: the command was asked for something it refuses to do (a usage error). */
  readonly exitCode: 1 | 2;
  constructor(diagnostics: Diagnostic[], options?: { cause?: unknown; exitCode?: 1 | 2 }) {
    super(diagnostics.map((d) => d.message).join('\n'), options);
    this.name = 'SiteError';
    this.diagnostics = diagnostics;
    this.exitCode = options?.exitCode ?? 1;
  }
}

/** Wraps a single diagnostic. */
export function siteError(d: Omit<Diagnostic, 'severity'>, cause?: unknown): SiteError {
  return new SiteError([{ severity: 'error', ...d }], { cause });
}

/** A request the command refuses (exit code 2), such as an output folder that holds the sources. */
export function usageError(d: Omit<Diagnostic, 'severity'>): SiteError {
  return new SiteError([{ severity: 'error', ...d }], { exitCode: 2 });
}
