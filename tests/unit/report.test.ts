import { describe, expect, it } from 'vitest';
import { applyPolicy } from '../../cli/pipeline/report.ts';
import type { Diagnostic } from '../../cli/report/diagnostic.ts';

type Policy = 'error' | 'warn' | 'ignore';

const problem = (code: string, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({ code, severity, message: code, file: 'docs/a.md', line: 1, column: 1 });
// As the link check and the loader return them: every one an error.
const found = [problem('broken-link'), problem('missing-file'), problem('broken-anchor'), problem('front-matter-syntax'), problem('duplicate-route', 'warning')];
const shown = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.severity}`);

describe('severity policy (applyPolicy)', () => {
  // [onBrokenLinks, onBrokenAnchors, mode] → what is left of `found`.
  const cases: [Policy, Policy, 'build' | 'dev', string[]][] = [
    ['error', 'error', 'build', ['broken-link error', 'missing-file error', 'broken-anchor error']],
    ['warn', 'error', 'build', ['broken-link warning', 'missing-file warning', 'broken-anchor error']],
    ['ignore', 'error', 'build', ['broken-anchor error']],
    ['error', 'warn', 'build', ['broken-link error', 'missing-file error', 'broken-anchor warning']],
    ['error', 'ignore', 'build', ['broken-link error', 'missing-file error']],
    ['ignore', 'ignore', 'build', []],
    // In dev an author is mid-edit: what would fail a build is only a warning; "ignore" still hides it.
    ['error', 'error', 'dev', ['broken-link warning', 'missing-file warning', 'broken-anchor warning']],
    ['warn', 'warn', 'dev', ['broken-link warning', 'missing-file warning', 'broken-anchor warning']],
    ['ignore', 'error', 'dev', ['broken-anchor warning']],
    ['error', 'ignore', 'dev', ['broken-link warning', 'missing-file warning']],
  ];
  for (const [onBrokenLinks, onBrokenAnchors, mode, links] of cases) {
    it(`onBrokenLinks: ${onBrokenLinks}, onBrokenAnchors: ${onBrokenAnchors} in ${mode}`, () => {
      const result = applyPolicy(found, { onBrokenLinks, onBrokenAnchors }, mode);
      // Other problems keep their severity whatever the policy and mode.
      expect(shown(result)).toEqual([...links, 'front-matter-syntax error', 'duplicate-route warning']);
    });
  }

  it('leaves its input as it was', () => {
    const input = [problem('broken-link')];
    applyPolicy(input, { onBrokenLinks: 'warn', onBrokenAnchors: 'warn' });
    expect(input[0]!.severity).toBe('error');
  });
});
