import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useDevSite } from '../helpers/devSite.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * Links to the files the generator publishes beside the pages (the sitemap, robots.txt,
 * the blog's feeds, the search index's manifest) reach them, in check, build and dev: a
 * page that says "subscribe to the RSS feed" is not a broken link.
 */
const LINKS = '[sitemap](/sitemap.xml) [robots](/robots.txt) [rss](/blog/rss.xml) [atom](/blog/atom.xml) [json](/blog/feed.json) [index](/search/manifest.json)';
const files = {
  'docs/intro.md': `---\nslug: /\n---\n# Intro\n\n${LINKS}\n`,
  'blog/2024-01-02-post.md': '---\ntitle: Post\n---\nA post.\n',
};

describe('links to the files the generator publishes', () => {
  it('reach them in check; a feed the blog has no posts for is missing', () => {
    const dir = writeTempSite(files);
    try {
      const ok = runCli(['check', dir]);
      expect(ok.stdout + ok.stderr).toContain('All links resolve');
      expect(ok.code).toBe(0);
      fs.rmSync(`${dir}/blog`, { recursive: true });
      const without = runCli(['check', dir]);
      expect(without.code).toBe(1);
      expect(without.stdout + without.stderr).toContain('docs/intro.md:6:47: Missing file "/blog/rss.xml"');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const devSite = useDevSite(files, 'generated-file-links');
  it('reach them in dev', () => {
    expect(devSite.dev.diagnostics.map((d) => `${d.severity} ${d.message}`)).toEqual([]);
  });
});
