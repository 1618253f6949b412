import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * "Last updated" as Docusaurus's showLastUpdateTime/showLastUpdateAuthor show it: the
 * date and author of a doc's last commit, front matter `last_update` first, and nothing
 * at all for a file git does not know.
 */
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function commit(dir: string, files: string[], author: string, date: string) {
  const env = { ...process.env, GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: author, GIT_COMMITTER_EMAIL: 'a@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', ...files], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', '-m', 'edit', '--no-gpg-sign'], { cwd: dir, env });
}

function lastUpdated(out: string, route: string): string | undefined {
  return parse(fs.readFileSync(path.join(out, route, 'index.html'), 'utf8')).querySelector('.doc-page__last-update')?.text;
}

describe('Last updated', () => {
  it('shows each doc\'s last commit date and author, the front matter\'s when it has one, and nothing for an uncommitted file', () => {
    const dir = writeTempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/', showLastUpdateTime: true, showLastUpdateAuthor: true }, blog: false }]] };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'docs/guide.md': '# Guide\n\nText.\n',
      'docs/pinned.md': '---\nlast_update:\n  date: 2020-01-02\n  author: Front Matter\n---\n# Pinned\n',
    });
    temps.push(dir);
    execFileSync('git', ['init', '-q'], { cwd: dir });
    commit(dir, ['docs/intro.md', 'docs/guide.md', 'docs/pinned.md', 'docusaurus.config.js'], 'Ada', '2024-03-15T10:00:00Z');
    fs.appendFileSync(path.join(dir, 'docs/guide.md'), '\nMore.\n');
    commit(dir, ['docs/guide.md'], 'Grace', '2025-06-01T08:30:00Z');
    fs.writeFileSync(path.join(dir, 'docs/new.md'), '# New\n');
    const out = path.join(dir, 'out');
    const result = runCli(['build', dir, '--out-dir', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(lastUpdated(out, 'intro')).toBe('Last updated on 2024-03-15 by Ada');
    expect(lastUpdated(out, 'guide')).toBe('Last updated on 2025-06-01 by Grace');
    expect(lastUpdated(out, 'pinned')).toBe('Last updated on 2020-01-02 by Front Matter');
    expect(lastUpdated(out, 'new')).toBeUndefined();
  });

  it('shows only what the options ask for, and nothing outside a git repository', () => {
    const files = {
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/', showLastUpdateTime: true }, blog: false }]] };\n",
      'docs/intro.md': '# Intro\n',
    };
    const dir = writeTempSite(files);
    temps.push(dir);
    execFileSync('git', ['init', '-q'], { cwd: dir });
    commit(dir, ['docs/intro.md'], 'Ada', '2024-03-15T10:00:00Z');
    const out = path.join(dir, 'out');
    expect(runCli(['build', dir, '--out-dir', out]).code).toBe(0);
    expect(lastUpdated(out, 'intro')).toBe('Last updated on 2024-03-15');
    const plain = writeTempSite(files);
    temps.push(plain);
    const plainOut = path.join(plain, 'out');
    const result = runCli(['build', plain, '--out-dir', plainOut]);
    expect(result.code, result.stderr).toBe(0);
    expect(lastUpdated(plainOut, 'intro')).toBeUndefined();
  });
});
