import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentFilter, DEFAULT_INCLUDE } from '../../cli/content/contentGlobs.ts';
import { scanContent } from '../../cli/content/scan.ts';
import { scanReactPages } from '../../cli/content/reactPages.ts';
import { contentSource } from '../../cli/dev/contentPaths.ts';
import { resolveConfig } from '../../cli/config/resolve.ts';
import type { UserConfig } from '../../cli/config/types.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * A content plugin's `include` and `exclude` globs (Docusaurus's docs, blog and pages
 * options): which files of its folder are content. A file they leave out is no page, and
 * a link to it is a broken link, as in Docusaurus.
 */

const dirs: string[] = [];
const temp = (files: Record<string, string>) => {
  const dir = writeTempSite(files);
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const configIn = (siteDir: string, input: Partial<UserConfig>) => {
  const result = resolveConfig({ title: 'T', url: 'https://t.example', ...input } as UserConfig, { siteDir, configFile: path.join(siteDir, 'site.config.ts') });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  return result.config;
};

describe('a content filter', () => {
  it('by default takes Markdown but `_` partials, `_` folders, hidden names and tests, as Docusaurus', () => {
    const docs = contentFilter({}, DEFAULT_INCLUDE.docs);
    expect(['a.md', 'x/b.mdx', 'x/y/c.md'].map(docs.includes)).toEqual([true, true, true]);
    expect(['_partial.md', 'x/_p.mdx', 'a.txt', 'x/a.js', '.hidden.md'].map(docs.includes)).toEqual([false, false, false, false, false]);
    expect(['x', 'x/y'].map(docs.mayHold)).toEqual([true, true]);
    expect(['_drafts', 'x/_shared', '__tests__'].map(docs.mayHold)).toEqual([false, false, false]);
    const pages = contentFilter({}, DEFAULT_INCLUDE.pages);
    expect(['index.tsx', 'help/index.md', 'a.test.tsx', '__tests__/x.tsx', '_util.ts'].map(pages.includes)).toEqual([true, true, false, false, false]);
  });

  it('takes only what `include` names, less `exclude` and `!` globs; an exclude of its own replaces the defaults', () => {
    const filter = contentFilter({ include: ['{api,guides}/*.{md,mdx}', 'FAQ.md', '!guides/old.md'], exclude: ['**/draft-*'] }, DEFAULT_INCLUDE.docs);
    const files = ['FAQ.md', 'api/a.md', 'guides/b.mdx', 'guides/deep/c.md', 'other.md', 'guides/old.md', 'api/draft-x.md', 'api/_partial.md'];
    expect(files.filter(filter.includes)).toEqual(['FAQ.md', 'api/a.md', 'guides/b.mdx', 'api/_partial.md']);
  });

  it('tells which folders can hold content, so a folder no include glob reaches is not walked', () => {
    const filter = contentFilter({ include: ['guides/**/*.md', 'api/v2/*.md'], exclude: ['**/generated/**'] }, DEFAULT_INCLUDE.docs);
    expect(['guides', 'guides/a/b', 'api', 'api/v2'].map(filter.mayHold)).toEqual([true, true, true, true]);
    expect(['other', 'api/v1', 'guides/generated', 'guides/a/generated'].map(filter.mayHold)).toEqual([false, false, false, false]);
  });
});

describe('scanning with include and exclude', () => {
  const site = temp({
    'docs/intro.md': '# Intro\n',
    'docs/guides/a.md': '# A\n',
    'docs/guides/draft-b.md': '# Draft\n',
    'docs/guides/_category_.json': '{"label": "Guides"}\n',
    'docs/notes/n.md': '# Not a doc\n',
    'docs/_shared/s.md': '# Shared (a doc: the exclude replaces the default)\n',
    'versioned_docs/version-1.0/intro.md': '# Intro 1.0\n',
    'versioned_docs/version-1.0/notes/n.md': '# Not a doc in 1.0 either\n',
    'community/team.md': '# Team\n',
    'community/README.md': '# Not a page\n',
    'blog/2024-01-01-kept.md': '# Kept\n',
    'blog/2024-01-02-left.mdx': '# Left out\n',
    'pages/help.md': '# Help\n',
    'pages/index.tsx': 'export default () => null;\n',
    'pages/legacy/old.md': '# Old\n',
    'pages/legacy/old.tsx': 'export default () => null;\n',
    'pages/preview.internal.tsx': 'export default () => null;\n',
  });
  // A folder no glob reaches is not read: a link there that points nowhere is not even seen.
  fs.symlinkSync('nowhere', path.join(site, 'docs/notes/broken.md'));
  const config = configIn(site, {
    docs: { include: ['intro.md', 'guides/**/*.md', '_shared/*.md'], exclude: ['**/draft-*.md'] },
    docsPlugins: [{ pluginId: 'community', path: 'community', routeBasePath: '/community', exclude: ['README.md'] }],
    blog: { include: ['**/*.md'] },
    pages: { exclude: ['legacy/**', '**/*.internal.tsx'] },
  });
  const folders = [
    { contentDir: 'docs', pluginId: 'default' },
    { contentDir: 'versioned_docs/version-1.0', pluginId: 'default' },
    { contentDir: 'community', pluginId: 'community' },
  ];

  it('reads each folder through its plugin\'s globs: a version\'s folder through its instance\'s', async () => {
    const scanned = await scanContent(config, folders);
    expect(scanned.diagnostics).toEqual([]);
    expect(scanned.files.map((f) => f.file)).toEqual([
      'blog/2024-01-01-kept.md',
      'community/team.md',
      'docs/_shared/s.md',
      'docs/guides/_category_.json',
      'docs/guides/a.md',
      'docs/intro.md',
      'pages/help.md',
      'versioned_docs/version-1.0/intro.md',
    ]);
    expect((await scanReactPages(config)).files).toEqual(['index.tsx']);
  });

  it('dev takes a saved file as content only when the scan would', () => {
    const source = (file: string) => contentSource(config, path.join(site, file))?.file ?? null;
    expect(['docs/guides/a.md', 'docs/_shared/s.md', 'community/team.md', 'blog/2024-01-01-kept.md', 'pages/help.md'].map(source)).toEqual(['docs/guides/a.md', 'docs/_shared/s.md', 'community/team.md', 'blog/2024-01-01-kept.md', 'pages/help.md']);
    expect(['docs/notes/n.md', 'docs/guides/draft-b.md', 'community/README.md', 'blog/2024-01-02-left.mdx', 'pages/legacy/old.md', 'docs/node_modules/x/README.md'].map(source)).toEqual([null, null, null, null, null, null]);
  });

  it('says which glob is wrong, and why, when one can match nothing in its folder', () => {
    const errors = (input: Partial<UserConfig>) => {
      const result = resolveConfig({ title: 'T', ...input } as UserConfig, { siteDir: site, configFile: path.join(site, 'site.config.ts') });
      return result.ok ? [] : result.diagnostics.map((d) => `${d.configKey ?? ''}: ${d.message}`);
    };
    expect(errors({ docs: { include: ['../docs/**/*.md'] } }).join('\n')).toMatch(/docs\.include\.0.*must stay inside the content folder/s);
    expect(errors({ blog: { exclude: ['/abs/*.md'] } }).join('\n')).toMatch(/blog\.exclude\.0.*must be relative/s);
    expect(errors({ pages: { include: [''] } }).join('\n')).toMatch(/pages\.include\.0.*must not be empty/s);
    expect(errors({ docs: { exclude: ['**/*.md', '**/+(a|b).md'] } }).join('\n')).toMatch(/docs\.exclude\.1.*extglob/s);
  });
});

describe('a Docusaurus site that lists its docs with include', () => {
  const site = temp({
    'docusaurus.config.js': `module.exports = {
  title: 'Listed',
  url: 'https://listed.example',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [['classic', {
    docs: { sidebarPath: false, include: ['{api,guides}/*.{md,mdx}', 'intro.md'], exclude: ['**/wip-*'] },
    blog: { exclude: ['**/*-draft.md'] },
    pages: { exclude: ['**/internal/**'] },
  }]],
};
`,
    'docs/intro.md': '# Intro\n\nSee [the API](api/client.md).\n',
    'docs/api/client.md': '# Client\n',
    'docs/api/wip-server.md': '# Server (not yet)\n',
    'docs/api/deep/nested.md': '# Nested: one level only\n',
    'docs/guides/start.mdx': '# Start\n',
    'docs/README.md': '# For the repository, not the site\n',
    'blog/2024-02-01-post.md': '---\ntitle: Post\n---\nText.\n<!-- truncate -->\n',
    'blog/2024-02-02-next-draft.md': '---\ntitle: Draft\n---\nText.\n<!-- truncate -->\n',
    'src/pages/about.md': '# About\n',
    'src/pages/internal/notes.md': '# Internal\n',
  });

  it('builds only the files the globs take: the others are no page and in no sitemap', () => {
    const { code, stderr } = runCli(['build', site]);
    expect(stderr).not.toMatch(/include|exclude/);
    expect(code).toBe(0);
    const out = path.join(site, 'build');
    const exists = (file: string) => fs.existsSync(path.join(out, file));
    expect(['docs/intro/index.html', 'docs/api/client/index.html', 'docs/guides/start/index.html', 'blog/2024/02/01/post/index.html', 'about/index.html'].filter(exists)).toHaveLength(5);
    expect(['docs/api/wip-server/index.html', 'docs/api/deep/nested/index.html', 'docs/README/index.html', 'docs/index.html', 'blog/2024/02/02/next-draft/index.html', 'internal/notes/index.html'].filter(exists)).toEqual([]);
    const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('/docs/api/client');
    expect(sitemap).not.toMatch(/wip-server|nested|README|next-draft|internal/);
  });

  it('fails on a link to a file the globs leave out, naming the file and line', () => {
    fs.writeFileSync(path.join(site, 'docs/guides/start.mdx'), '# Start\n\nNot yet: [the server](../api/wip-server.md).\n');
    const { code, stdout, stderr } = runCli(['check', site]);
    expect(code).not.toBe(0);
    expect(`${stdout}${stderr}`).toMatch(/docs\/guides\/start\.mdx:3:\d+.*wip-server/);
  });
});
