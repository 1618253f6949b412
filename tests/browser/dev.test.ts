import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDevSite } from './browser.ts';
import { ROOT } from '../helpers/cli.ts';
import { stopDev } from '../helpers/devServer.ts';

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-site-'));
const install = path.join(site, 'docs/guides/01-install.md');
const dev = useDevSite(site, () => fs.cpSync(path.join(ROOT, 'tests/fixtures/sites/minimal'), site, { recursive: true, filter: (src) => !src.includes('node_modules') }));

async function open(pathname: string): Promise<Page> {
  const page = await dev.browser.newPage();
  await page.goto(dev.url + pathname, { waitUntil: 'networkidle' });
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  return page;
}
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

describe('dev server', () => {
  it('shows an edit in the open tab without a reload, keeping the scroll position', async () => {
    const page = await open('/guides/install/');
    await page.setViewportSize({ width: 1000, height: 300 });
    await page.evaluate(() => window.scrollTo(0, 120));
    const before = await page.evaluate(() => window.scrollY);
    fs.appendFileSync(install, '\nA sentence written while the page was open.\n');
    await expect.poll(() => page.locator('#__content').textContent(), { timeout: 10_000 }).toContain('A sentence written while the page was open.');
    expect(await marker(page)).toBe(7);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await page.close();
  });

  it('shows bad front matter in an overlay naming the file and line, and clears it when fixed', async () => {
    const page = await open('/guides/install/');
    const good = fs.readFileSync(install, 'utf8');
    fs.writeFileSync(install, good.replace('title: Install', 'title: [Install'));
    const overlay = page.locator('#__dev-overlay');
    await expect.poll(() => overlay.textContent(), { timeout: 10_000 }).toMatch(/docs\/guides\/01-install\.md:\d+:\d+: The front matter is not valid YAML/);
    // The last good page stays.
    expect(await page.locator('h1').textContent()).toBe('Install');
    expect(dev.output()).toMatch(/docs\/guides\/01-install\.md:\d+:\d+: The front matter is not valid YAML/);
    fs.writeFileSync(install, good);
    await expect.poll(() => overlay.count(), { timeout: 10_000 }).toBe(0);
    await page.close();
  });

  it('adds a new file to the routes and the sidebar, and removes it again', async () => {
    const page = await open('/guides/install/');
    const added = path.join(site, 'docs/guides/zz-added.md');
    fs.writeFileSync(added, '---\ntitle: Added later\n---\n\nA page that did not exist when the server started.\n');
    const sidebarLink = page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'Added later' });
    await expect.poll(() => sidebarLink.count(), { timeout: 10_000 }).toBe(1);
    expect((await fetch(`${dev.url}/guides/zz-added/`)).status).toBe(200);
    expect(await marker(page)).toBe(7);
    fs.rmSync(added);
    await expect.poll(() => sidebarLink.count(), { timeout: 10_000 }).toBe(0);
    expect((await fetch(`${dev.url}/guides/zz-added/`)).status).toBe(404);
    await page.close();
  });

  it('shows the final content after 50 rapid saves', async () => {
    const page = await open('/guides/install/');
    const good = fs.readFileSync(install, 'utf8');
    for (let i = 1; i <= 50; i++) {
      // Alternate between writing in place and write-then-rename, as editors do.
      const text = `${good}\nSave number ${i}.\n`;
      if (i % 2) fs.writeFileSync(install, text);
      else {
        fs.writeFileSync(`${install}.tmp`, text);
        fs.renameSync(`${install}.tmp`, install);
      }
    }
    await expect.poll(() => page.locator('#__content').textContent(), { timeout: 10_000 }).toContain('Save number 50.');
    expect(await page.locator('#__content').textContent()).not.toContain('Save number 49.');
    const html = await (await fetch(`${dev.url}/guides/install/`)).text();
    expect(html).toContain('Save number 50.');
    expect(dev.child.exitCode).toBeNull();
    fs.writeFileSync(install, good);
    await page.close();
  });

  it('shows a config error in the overlay and recovers when the config is fixed', async () => {
    const page = await open('/guides/install/');
    const configFile = path.join(site, 'site.config.ts');
    const good = fs.readFileSync(configFile, 'utf8');
    fs.writeFileSync(configFile, good.replace("title: 'Minimal'", "title: 'Minimal', titleDelimiter: 5"));
    await expect.poll(() => page.locator('#__dev-overlay').textContent(), { timeout: 10_000 }).toContain('Config key "titleDelimiter" must be string; found 5.');
    fs.writeFileSync(configFile, good.replace("title: 'Minimal'", "title: 'Minimal again'"));
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Install | Minimal again');
    expect(await page.locator('#__dev-overlay').count()).toBe(0);
    fs.writeFileSync(configFile, good);
    await page.close();
  });

  it('stops cleanly on Ctrl+C and removes its temporary files', async () => {
    const pid = dev.child.pid!;
    expect(await stopDev(dev.child)).toBe(0);
    expect(fs.existsSync(path.join(ROOT, 'node_modules/.cache/site-dev', String(pid)))).toBe(false);
    expect(dev.output()).toContain('Dev server stopped.');
  });
});
