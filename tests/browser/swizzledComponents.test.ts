import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageErrors, useBuiltSite } from './browser.ts';

/**
 * Components a site swizzles (src/theme/Details, src/theme/Tabs) or adds through
 * src/theme/MDXComponents are the site's code, with state: they come alive in the browser
 * like the components content imports, while the ones that read their children (a Details
 * its summary, Tabs each TabItem's value and label) still get them one by one.
 */
const site = useBuiltSite({
  'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true };\n',
  'src/theme/Details/index.jsx': [
    "import { useState } from 'react';",
    "import Details from '@theme-original/Details';",
    'export default function DetailsWrapper(props) {',
    '  const [open, setOpen] = useState(false);',
    '  return (<div className="frame">',
    '    <button type="button" className="expand" onClick={() => setOpen(true)}>Expand</button>',
    '    <Details {...props} open={open} />',
    '  </div>);',
    '}',
  ].join('\n'),
  'src/theme/Tabs.jsx': [
    "import Tabs from '@theme-original/Tabs';",
    'export default function TabsWrapper(props) {',
    '  return <div className="tabs-frame"><Tabs {...props} /></div>;',
    '}',
  ].join('\n'),
  'src/theme/MDXComponents.jsx': [
    "import { useState } from 'react';",
    "import MDXComponents from '@theme-original/MDXComponents';",
    'function Clicker({ children }) {',
    '  const [count, setCount] = useState(0);',
    '  return <button type="button" className="clicker" onClick={() => setCount((n) => n + 1)}>{children} {count}</button>;',
    '}',
    'export default { ...MDXComponents, Clicker };',
  ].join('\n'),
  'docs/a.mdx': [
    '# Page A',
    '',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    '<details>',
    '<summary>Why a CLI?</summary>',
    '',
    'Scripts can **run** it.',
    '',
    '```sh',
    'coinvoy deploy',
    '```',
    '',
    '</details>',
    '',
    '<Tabs>',
    '  <TabItem value="mac" label="macOS">Mac *panel*</TabItem>',
    '  <TabItem value="linux" label="Linux">Linux *panel*</TabItem>',
    '</Tabs>',
    '',
    'Press <Clicker>Clicked</Clicker> to count.',
    '',
  ].join('\n'),
});

/** Whether the element is drawn (a closed <details> keeps its body's boxes but does not draw them). */
const drawn = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.checkVisibility());
const BODY = '.frame .details__content p';

describe('components a site swizzles or adds', () => {
  it('hydrate with their state, their children read as the theme reads them', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    await page.goto(`${site.url}/a/`, { waitUntil: 'networkidle' });
    // Details: its summary leads, its body is closed until the site's own button opens it.
    expect(await page.locator('.frame summary').innerText()).toBe('Why a CLI?');
    expect(await drawn(page, BODY)).toBe(false);
    await page.locator('.frame .expand').click();
    await expect.poll(() => drawn(page, BODY)).toBe(true);
    expect(await page.locator(BODY).innerText()).toBe('Scripts can run it.');
    expect(await page.locator('.frame strong').innerText()).toBe('run');
    expect((await page.locator('.frame pre').boundingBox())!.height).toBeGreaterThan(20);
    // Tabs: the labels come from each TabItem's props; a click shows the other panel.
    expect(await page.locator('.tabs-frame [role=tab]').allInnerTexts()).toEqual(['macOS', 'Linux']);
    expect(await page.locator('.tabs-frame [role=tabpanel]:visible').allInnerTexts()).toEqual(['Mac panel']);
    await page.locator('.tabs-frame [role=tab]', { hasText: 'Linux' }).click();
    await expect.poll(() => page.locator('.tabs-frame [role=tabpanel]:visible').allInnerTexts()).toEqual(['Linux panel']);
    // A component MDXComponents adds counts clicks.
    await page.locator('.clicker').click();
    await page.locator('.clicker').click();
    await expect.poll(() => page.locator('.clicker').innerText()).toBe('Clicked 2');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('show every part to readers without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/a/`);
    expect(await page.locator('.frame summary').innerText()).toBe('Why a CLI?');
    await page.locator('.frame summary').click();
    expect(await drawn(page, BODY)).toBe(true);
    expect(await page.locator('.tabs-frame [role=tab]').allInnerTexts()).toEqual(['macOS', 'Linux']);
    expect(await page.locator('.tabs-frame [role=tabpanel]:visible').allInnerTexts()).toEqual(['Mac panel', 'Linux panel']);
    expect(await page.locator('.clicker').innerText()).toBe('Clicked 0');
    await context.close();
  });
});
