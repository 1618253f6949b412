import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

const site = path.resolve(import.meta.dirname, '../fixtures/sites/docusaurus-docs-plugins');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-plugins-out-'));
let check: ReturnType<typeof runCli>;
let build: ReturnType<typeof runCli>;
beforeAll(() => {
  check = runCli(['check', site]);
  build = runCli(['build', '--no-cache', '--out-dir', out, site]);
});
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** A page's text with tags removed, for what a reader sees. */
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const page = (route: string) => fs.readFileSync(path.join(out, route, 'index.html'), 'utf8');
const links = (html: string, className: string) => [...html.matchAll(new RegExp(`class="[^"]*${className}[^"]*" href="([^"]+)"[^>]*>([^<]+)<`, 'g'))].map((m) => `${m[2]} → ${m[1]}`);

describe('building a Docusaurus site with a second docs plugin', () => {
  it('check and build exit 0 with nothing to report', () => {
    expect(check.stdout + check.stderr).not.toMatch(/warning|error/i);
    expect(check.code).toBe(0);
    expect(build.stdout + build.stderr).not.toMatch(/warning|error/i);
    expect(build.code).toBe(0);
  });

  it('renders the second plugin\'s version dropdown, badge and banner from its own versions', () => {
    // On a page of the default docs, the community dropdown shows the community's latest version and leads to its versions' main docs.
    expect(page('docs/intro')).toMatch(/dropdown__toggle" aria-haspopup="true" aria-expanded="false">1\.0</);
    expect(links(page('docs/intro'), 'dropdown__link')).toEqual(['Next → /community/next/intro/', '1.0 → /community/intro/']);
    // On a page of the community's next version: that version, the same page in each, and the unreleased banner to the latest.
    const next = page('community/next/team');
    expect(links(next, 'dropdown__link')).toEqual(['Next → /community/next/team/', '1.0 → /community/team/']);
    expect(text(next)).toContain('Version: Next');
    expect(text(next)).toContain('This is unreleased documentation for Harbor Next version.');
    expect(next).toMatch(/theme-doc-version-banner[\s\S]*href="\/community\/team\/"[^>]*>latest version</);
    expect(page('community/team')).not.toContain('theme-doc-version-banner');
  });
});

describe('a second docs plugin with its own options', () => {
  it('shows "Last updated" on its pages when it asks for it, though the preset\'s docs do not', () => {
    const dir = writeTempSite({
      'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { blog: false, pages: false }]], plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', showLastUpdateAuthor: true, showLastUpdateTime: true }]] };`,
      'docs/a.md': '# A\n',
      'community/c.md': '# C\n',
    });
    try {
      const env = { ...process.env, GIT_AUTHOR_NAME: 'Ada', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'Ada', GIT_COMMITTER_EMAIL: 'a@example.com', GIT_AUTHOR_DATE: '2024-03-15T10:00:00Z', GIT_COMMITTER_DATE: '2024-03-15T10:00:00Z' };
      execFileSync('git', ['init', '-q'], { cwd: dir });
      execFileSync('git', ['add', '.'], { cwd: dir, env });
      execFileSync('git', ['commit', '-q', '-m', 'first', '--no-gpg-sign'], { cwd: dir, env });
      const result = runCli(['build', dir, '--out-dir', path.join(dir, 'out')]);
      expect(result.code, result.stderr).toBe(0);
      const lastUpdate = (route: string) => text(fs.readFileSync(path.join(dir, 'out', route, 'index.html'), 'utf8').match(/<[^>]*doc-page__last-update[\s\S]*?<\/(div|span|p)>/)?.[0] ?? '').trim();
      expect(lastUpdate('community/c')).toBe('Last updated on 2024-03-15 by Ada');
      expect(lastUpdate('docs/a')).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
