import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/**
 * Every string an author can put in the config or front matter shows as text, whatever
 * it holds: a `</script>` in the announcement id (read by the inline head script) or an
 * `<img onerror>` in a navbar label never runs. Each field gets its own marker, so a
 * failure names the field. (`announcementBar.content`, `footer.copyright` and navbar
 * `html` items are HTML by design, as in Docusaurus: the author's own markup.)
 */
const hostile = (field: string, separators = true) =>
  `${field} </script><script>alert('script:${field}')</script><img src=x onerror="alert('img:${field}')"> <!-- & "q" ]]>${separators ? ' \u2028\u2029' : ''}`;

const config = {
  title: hostile('title'),
  tagline: hostile('tagline'),
  titleDelimiter: hostile('titleDelimiter'),
  url: 'https://hostile.example',
  trailingSlash: true,
  i18n: { defaultLocale: `en"><script>alert('script:locale')</script>`, locales: ['en'] },
  navbar: {
    title: hostile('navbar.title'),
    logo: { src: '/img/logo.svg', alt: hostile('navbar.logo.alt') },
    items: [
      { type: 'doc', docId: 'intro', label: hostile('navbar.doc'), position: 'left' },
      { label: hostile('navbar.link'), to: '/blog/' },
      { type: 'dropdown', label: hostile('navbar.dropdown'), items: [{ label: hostile('navbar.dropdown.item'), href: 'https://example.com/?a=1&b="2"' }] },
      { type: 'search' },
    ],
  },
  footer: {
    links: [{ title: hostile('footer.title'), items: [{ label: hostile('footer.label'), to: '/blog/' }, { label: hostile('footer.href'), href: 'https://example.com' }] }],
    copyright: 'Copyright <b>Hostile</b>',
  },
  announcementBar: { id: hostile('announcementBar.id'), content: 'News: <b>bold</b>', backgroundColor: `red;}</style><script>alert('script:bg')</script>`, textColor: '#000' },
  blog: { title: hostile('blog.title'), description: hostile('blog.description'), sidebarTitle: hostile('blog.sidebarTitle') },
  docs: { versionLabel: hostile('docs.versionLabel'), releaseLabel: hostile('docs.releaseLabel') },
  search: { provider: 'local', missingResultsUrl: `https://example.com/issues?q={query}&x="><script>alert('script:missing')</script>` },
};

/** Front matter as JSON (YAML reads it so); no U+2028 there, which YAML 1.1 calls a line break. */
const fm = (data: Record<string, unknown>) => `---\n${Object.entries(data).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}\n---\n`;

const site = useBuiltSite({
  'site.config.ts': `export default ${JSON.stringify(config, null, 2)};\n`,
  'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
  'docs/intro.md': `${fm({ id: 'intro', slug: '/', title: hostile('doc.title', false), description: hostile('doc.description', false), sidebar_label: hostile('doc.sidebar_label', false), tags: [hostile('doc.tag', false)] })}\nBody of the intro.\n`,
  'docs/guides/_category_.yml': `label: ${JSON.stringify(hostile('category.label', false))}\nlink:\n  type: generated-index\n  description: ${JSON.stringify(hostile('category.description', false))}\n`,
  'docs/guides/install.md': `${fm({ title: hostile('install.title', false), last_update: { author: hostile('last_update.author', false), date: '2024-01-02' } })}\nInstall text.\n`,
  'blog/authors.yml': `ada:\n  name: ${JSON.stringify(hostile('author.name', false))}\n  title: ${JSON.stringify(hostile('author.title', false))}\n`,
  'blog/2024-01-02-hello.md': `${fm({ slug: 'hello', title: hostile('post.title', false), description: hostile('post.description', false), authors: ['ada'], tags: [hostile('post.tag', false)] })}\nFirst words.\n\n<!-- truncate -->\n\nMore words.\n`,
});

const PAGES = ['/', '/guides/install/', '/category/', '/blog/', '/blog/hello/', '/blog/tags/', '/blog/archive/', '/tags/', '/search/', '/404.html'];

/** Opens a page, lets it hydrate, and returns every dialog it opened. */
async function visit(page: Page, url: string): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(150);
  return dialogs;
}

describe('hostile strings in the config and front matter', () => {
  it('run nowhere, on a first load or after client-side navigation', async () => {
    const page = await site.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const linked = new Set<string>();
    for (const path of PAGES) {
      const dialogs = await visit(page, site.url + path);
      expect(dialogs, path).toEqual([]);
      // Only the generator's own scripts are on the page.
      const scripts = await page.$$eval('script', (list) => list.map((s) => s.src || s.id || s.textContent!.slice(0, 40)));
      expect(scripts.filter((s) => /alert/.test(s)), path).toEqual([]);
      for (const href of await page.$$eval('a[href^="/"]', (as) => as.map((a) => a.getAttribute('href')!))) linked.add(href.split('#')[0]!);
    }
    // Every page reached by clicking (React renders it from the page data).
    await visit(page, `${site.url}/`);
    for (const href of [...linked].slice(0, 25)) {
      await page.evaluate((h) => {
        const a = document.createElement('a');
        a.href = h;
        document.querySelector('#__docusaurus')!.append(a);
        a.click();
      }, href);
      await page.waitForLoadState('networkidle');
    }
    await page.waitForTimeout(150);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('show as the text written', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    expect(await visit(page, `${site.url}/`)).toEqual([]);
    expect(await page.title()).toBe(`${hostile('doc.title', false)} ${config.titleDelimiter} ${config.title}`);
    expect(await page.locator('h1').first().textContent()).toBe(hostile('doc.title', false));
    expect(await page.getAttribute('html', 'lang')).toBe(config.i18n.defaultLocale);
    expect(await page.getAttribute('meta[name="description"]', 'content')).toBe(hostile('doc.description', false));
    const navbar = page.locator('nav[aria-label="Main"]');
    for (const field of ['navbar.title', 'navbar.doc', 'navbar.link', 'navbar.dropdown']) {
      const item = navbar.getByText(hostile(field), { exact: true }).first();
      expect(await item.isVisible(), field).toBe(true);
    }
    expect(await navbar.locator('img').first().getAttribute('alt')).toBe(hostile('navbar.logo.alt'));
    const footer = page.locator('footer');
    for (const field of ['footer.title', 'footer.label', 'footer.href']) expect(await footer.getByText(hostile(field), { exact: true }).count(), field).toBe(1);
    // The head script compared the stored id with the configured one: closing the bar keeps it closed.
    // (Clicked from script: labels this long wrap the fixed navbar over the bar.)
    await page.locator('.announcement-bar button').first().evaluate((b: HTMLElement) => b.click());
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(config.announcementBar.id);
    expect(await visit(page, `${site.url}/`)).toEqual([]);
    expect(await page.getAttribute('html', 'data-announcement-bar-initially-dismissed')).toBe('true');

    expect(await visit(page, `${site.url}/blog/hello/`)).toEqual([]);
    expect(await page.locator('h1').first().textContent()).toBe(hostile('post.title', false));
    expect(await page.getByText(hostile('author.name', false), { exact: true }).first().isVisible()).toBe(true);
    await page.close();
  });
});
