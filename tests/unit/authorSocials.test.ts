import { describe, expect, it } from 'vitest';
import { authorSocials } from '../../cli/content/authorSocials.ts';
import { loadAuthors } from '../../cli/content/loadMeta.ts';

/** An author's `socials`, made links as Docusaurus (3.5+) makes them. */
describe("an author's socials", () => {
  it("make a handle its platform's profile URL, keep a full URL, and give the platform's mark where there is one", () => {
    const made = authorSocials({ GitHub: 'octocat', x: 'https://x.com/someone', linkedin: 'jane', stackoverflow: 82609, email: 'a@b.example' });
    expect('socials' in made && made.socials.map(({ platform, url, icon }) => [platform, url, icon ? 'mark' : 'link mark'])).toEqual([
      ['github', 'https://github.com/octocat', 'mark'],
      ['x', 'https://x.com/someone', 'mark'],
      ['linkedin', 'https://www.linkedin.com/in/jane/', 'link mark'],
      ['stackoverflow', 'https://stackoverflow.com/users/82609', 'mark'],
      ['email', 'mailto:a@b.example', 'link mark'],
    ]);
  });

  it('refuse what Docusaurus refuses, and leave out with a warning a handle on a platform whose address is not known', () => {
    expect(authorSocials({ github: 'octocat/repo' })).toEqual({ problem: 'socials.github: "octocat/repo" is neither a handle nor a full URL (https://…)' });
    const unknown = authorSocials({ discord: 'jane', github: 'jane' });
    expect('socials' in unknown && unknown.socials.map((s) => s.platform)).toEqual(['github']);
    expect('warnings' in unknown && unknown.warnings).toEqual(['socials.discord: "jane" is a handle on a platform whose profile address is not known, so it is not linked; write the profile\'s full URL']);
  });

  it('are read from authors.yml, a problem said at its line', () => {
    const source = (text: string) => ({ area: 'blog' as const, relPath: 'authors.yml', file: 'blog/authors.yml', text });
    const ok = loadAuthors(source('jane:\n  name: Jane\n  socials:\n    github: jane\n'));
    expect(ok.authors.jane!.socials).toEqual([{ platform: 'github', url: 'https://github.com/jane', icon: expect.stringMatching(/^M/) }]);
    const bad = loadAuthors(source('jane:\n  name: Jane\nbob:\n  name: Bob\n  socials:\n    github: a/b\n    discord: bob\n'));
    expect(bad.diagnostics.map((d) => `${d.severity} ${d.file}:${d.line} ${d.message}`)).toEqual(['error blog/authors.yml:5 authors.yml: bob.socials.github: "a/b" is neither a handle nor a full URL (https://…).']);
  });
});
