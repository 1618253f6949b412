import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/** docsSidebar.hideable on a sidebar longer than the screen: where the button that folds it is drawn. */
const files: Record<string, string> = {
  'site.config.ts': "export default { title: 'Long sidebar', docsSidebar: { hideable: true } };\n",
  'docs/intro.md': `---\nslug: /\n---\n# Intro\n\n${'A long page to scroll. '.repeat(1500)}\n`,
};
for (let i = 0; i < 40; i++) files[`docs/page-${String(i).padStart(2, '0')}.md`] = `# Page ${i}\n\nText.\n`;
const site = useBuiltSite(files);

describe('the sidebar collapse button', () => {
  it('stays at the foot of the screen, under the menu, which scrolls above it and is never covered by it', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const box = () =>
      page.evaluate(() => {
        const button = document.querySelector('.theme-doc-sidebar-collapse')!.getBoundingClientRect();
        const menu = document.querySelector('nav[aria-label="Docs sidebar"]')!.getBoundingClientRect();
        return { buttonTop: Math.round(button.top), buttonBottom: Math.round(button.bottom), menuBottom: Math.round(menu.bottom), height: window.innerHeight };
      });
    // At the top, and halfway down the page (at its end, the footer comes up under the sidebar's column, as in Docusaurus).
    for (const share of [0, 0.5]) {
      await page.evaluate((part) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * part), share);
      const at = await box();
      expect(at.buttonBottom, `page scrolled ${share * 100}% down`).toBe(at.height);
      expect(at.menuBottom).toBeLessThanOrEqual(at.buttonTop);
    }
    // The menu's end scrolled into view: its last link is drawn above the button, not under it.
    const last = page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Page 39', exact: true });
    await page.locator('nav[aria-label="Docs sidebar"]').evaluate((nav) => (nav.scrollTop = nav.scrollHeight));
    const linkBox = (await last.boundingBox())!;
    expect(linkBox.y + linkBox.height).toBeLessThanOrEqual((await box()).buttonTop);
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent, { x: linkBox.x + 10, y: linkBox.y + linkBox.height / 2 });
    expect(hit).toBe('Page 39');
    await page.close();
  });
});
