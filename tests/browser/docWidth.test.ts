import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/** How wide a doc's content is drawn: beside its table of contents, or with the room the hidden one leaves (hide_table_of_contents), as in Docusaurus. */
const sections = Array.from({ length: 4 }, (_, i) => `## Part ${i}\n\n${'Words that fill a line of the page. '.repeat(20)}\n`).join('\n');
const site = useBuiltSite({
  'site.config.ts': "export default { title: 'Widths' };\n",
  'docs/with-toc.md': `# With a TOC\n\n${sections}`,
  'docs/hidden-toc.md': `---\nhide_table_of_contents: true\n---\n# Hidden TOC\n\n${sections}`,
  'docs/no-headings.md': `# No headings\n\n${'Words that fill a line of the page. '.repeat(40)}\n`,
});

describe('the width of a doc', () => {
  it('hide_table_of_contents gives the content the TOC\'s room; a doc without headings keeps the reading width', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const width = async (path: string) => {
      await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
      return page.evaluate(() => ({ content: Math.round(document.querySelector('.theme-doc-markdown')!.getBoundingClientRect().width), overflow: document.documentElement.scrollWidth - window.innerWidth, toc: document.querySelectorAll('.doc-page__toc').length }));
    };
    const withToc = await width('/with-toc/');
    const hidden = await width('/hidden-toc/');
    const noHeadings = await width('/no-headings/');
    expect(withToc.toc).toBe(1);
    expect(hidden.toc).toBe(0);
    expect(hidden.content).toBeGreaterThan(withToc.content + 240);
    expect(hidden.content).toBeGreaterThan(900);
    expect(noHeadings.content).toBeLessThanOrEqual(860);
    for (const w of [withToc, hidden, noHeadings]) expect(w.overflow).toBe(0);
    await page.close();
  });
});
