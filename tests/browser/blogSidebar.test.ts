import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/**
 * A Docusaurus blog's sidebar as Docusaurus (3.5+) draws it: under the config's title
 * (`blogSidebarTitle`), its posts grouped under their year's heading, newest first.
 */
const site = useBuiltSite({
  'docusaurus.config.js': "module.exports = { title: 'B', url: 'https://b.example', baseUrl: '/', presets: [['classic', { docs: false, blog: { blogSidebarTitle: 'All posts', blogSidebarCount: 'ALL', onUntruncatedBlogPosts: 'ignore' } }]] };\n",
  'blog/2023-03-01-old.md': '---\ntitle: Old news\n---\nOld.\n',
  'blog/2024-02-01-mid.md': '---\ntitle: Middle news\n---\nMiddle.\n',
  'blog/2024-06-01-new.md': '---\ntitle: New news\nauthors: jane\n---\nNew.\n',
  'blog/authors.yml': 'jane:\n  name: Jane\n  socials:\n    github: jane\n    x: https://x.com/jane_x\n    linkedin: jane-l\n',
});

describe("a Docusaurus blog's authors", () => {
  it('show their profiles (authors.yml socials) as Docusaurus does: each platform\'s mark, a link named for it', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/blog/2024/06/01/new/`, { waitUntil: 'networkidle' });
    const links = await page.locator('.avatar .author-socials a').evaluateAll((all) =>
      all.map((a) => {
        const mark = a.querySelector('svg')!.getBoundingClientRect();
        return `${a.getAttribute('aria-label')} ${a.getAttribute('href')} ${Math.round(mark.width)}x${Math.round(mark.height)}`;
      }),
    );
    expect(links).toEqual(['GitHub https://github.com/jane 16x16', 'X https://x.com/jane_x 16x16', 'LinkedIn https://www.linkedin.com/in/jane-l/ 16x16']);
    // Under the name, in the author's block.
    const [name, row] = await Promise.all([page.locator('.avatar__name').first().boundingBox(), page.locator('.author-socials').first().boundingBox()]);
    expect(row!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
    await page.close();
  });
});

describe("a Docusaurus blog's sidebar", () => {
  it("draws the config's title, then each year's heading above its posts, newest first", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/blog/`, { waitUntil: 'networkidle' });
    const drawn = await page.evaluate(() => {
      const nav = document.querySelector('nav[aria-label="Blog recent posts navigation"]')!;
      const title = nav.querySelector('.blog-sidebar__title')!;
      const parts = [title, ...nav.querySelectorAll('[role="group"] h3, [role="group"] a')].filter((el) => el.getBoundingClientRect().height > 0);
      // Top to bottom, as a reader sees them.
      return parts.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top).map((el) => `${el.tagName === 'A' ? '- ' : ''}${el.textContent}`);
    });
    expect(drawn).toEqual(['All posts', '2024', '- New news', '- Middle news', '2023', '- Old news']);
    // Each year is a group named by its heading.
    expect(await page.getByRole('group', { name: '2023' }).getByRole('link').allTextContents()).toEqual(['Old news']);
    await page.close();
  });
});
