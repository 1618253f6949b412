import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

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
