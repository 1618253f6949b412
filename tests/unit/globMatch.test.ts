import { describe, expect, it } from 'vitest';
import picomatch from 'picomatch';
import { globMatcher, globSyntaxProblem } from '../../cli/content/globMatch.ts';

/** Content globs (include/exclude): what globby's matcher says, in linear time. */

const GLOBS = [
  '**/*.{md,mdx}', '**/*.md', '*.md', 'FAQ.md', 'guides/**', 'guides/**/*.md', '{api,guides}/*.{md,mdx}', '{api,{guides,tutorials/deep}}/**/*.md',
  '**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**', 'a?c.md', 'v[0-9]/*.md', 'v[^0-9]/*.md',
  '**/draft-*', '**/*draft*', '**/README.md', 'docs/**/index.md', './guides/*.md', 'a/**/b/**/c.md', '.hidden/*.md', '**/.well-known/*', 'x\\*y.md',
];
const PATHS = [
  'a.md', 'a.mdx', 'FAQ.md', 'faq.md', 'guides/a.md', 'guides/deep/b.md', 'guides/deep/er/c.mdx', 'api/x.mdx', 'api/deep/x.md', 'tutorials/deep/z/q.md',
  '_partial.md', 'x/_partial.mdx', '_drafts/a.md', 'x/_shared/b.md', 'a.test.ts', 'x/__tests__/t.js', 'abc.md', 'aXc.md', 'ac.md', 'v1/a.md', 'vx/a.md',
  'guides/draft-x.md', 'my-draft-notes.md', 'README.md', 'sub/README.md', 'docs/a/b/index.md', 'docs/index.md', 'a/b/c.md', 'a/x/b/y/c.md', 'a/b/x/c.md',
  '.hidden/a.md', 'x/.hidden/a.md', '.well-known/x', 'x/.well-known/y', 'x*y.md', 'xzy.md', 'guides/.secret.md',
];

describe('glob matching', () => {
  it('agrees with picomatch (fast-glob\'s matcher, hidden names left out) on every glob and path', () => {
    const differences: string[] = [];
    for (const glob of GLOBS) {
      const ours = globMatcher([glob]);
      const theirs = picomatch(glob);
      for (const path of PATHS) if (ours.matches(path) !== theirs(path)) differences.push(`${glob} ${path}: ours ${ours.matches(path)}`);
    }
    expect(differences).toEqual([]);
  });

  it('says which folders can hold a match, so the scan walks no other', () => {
    const holds = (globs: string[], folders: string[]) => folders.filter(globMatcher(globs).mayHold);
    expect(holds(['guides/**/*.md'], ['guides', 'guides/a', 'api', 'gui'])).toEqual(['guides', 'guides/a']);
    expect(holds(['{api,guides}/*.md', 'FAQ.md'], ['api', 'guides', 'api/deep', 'other'])).toEqual(['api', 'guides']);
    expect(holds(['**/*.md'], ['x', '.hidden', 'x/.y'])).toEqual(['x']);
    expect(holds(['v[0-9]/**'], ['v1', 'v1/a', 'vx'])).toEqual(['v1', 'v1/a']);
  });

  it('reads `[!…]` as a negated class, as POSIX and globby\'s docs do (picomatch reads a literal "!")', () => {
    expect(['v1/a.md', 'vx/a.md'].filter(globMatcher(['v[!0-9]/*.md']).matches)).toEqual(['vx/a.md']);
  });

  it('matches in time linear in the path: stars that make a regular expression backtrack for ever take microseconds', () => {
    // picomatch took 10 s for this glob on one such name, and did not finish with more stars.
    const matcher = globMatcher(['**/*a*a*a*a*a*a*a*a*a*a*b.md', '**/*a*a*a*a*a*a*a*a*a*a*b/**', `${'**/'.repeat(20)}*.x`]);
    // Globstars between names that recur: tried naively, each ** tries every split (30 folders, 8 of them: 10^7 ways).
    const splits = globMatcher([`${'**/a/'.repeat(8)}b.md`]);
    const started = performance.now();
    for (let i = 0; i < 2_000; i++) {
      expect(matcher.matches(`docs/${'a/'.repeat(30)}${'a'.repeat(200)}.md`)).toBe(false);
      expect(matcher.mayHold(`${'a/'.repeat(30)}${'a'.repeat(200)}`)).toBe(true);
      expect(splits.matches(`${'a/'.repeat(30)}c/b.md`)).toBe(false);
      expect(splits.matches(`${'a/'.repeat(30)}b.md`)).toBe(true);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses what it does not read: extglobs, and braces that make too many globs', () => {
    expect(globSyntaxProblem('**/+(a|b).md')).toMatch(/extglob/);
    expect(globSyntaxProblem('{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}.md')).toMatch(/more than 256 globs/);
    expect(globSyntaxProblem('{a,b}/**/*.{md,mdx}')).toBeUndefined();
  });
});
