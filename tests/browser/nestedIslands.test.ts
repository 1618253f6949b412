import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/**
 * A site component that itself shows the theme's Tabs: the tab strip is an island drawn by
 * the component's island. It must come alive once, as part of the component's tree; a root
 * of its own as well would run its code twice over the same elements.
 */
const site = useBuiltSite({
  'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true };\n',
  'src/components/Picker.jsx': [
    "import { useState } from 'react';",
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    'export default function Picker() {',
    '  const [picked, setPicked] = useState(0);',
    '  return (<div className="picker">',
    '    <button type="button" onClick={() => setPicked((n) => n + 1)}>Picked {picked}</button>',
    '    <Tabs groupId="os"><TabItem value="mac" label="macOS">Mac panel</TabItem><TabItem value="linux" label="Linux">Linux panel</TabItem></Tabs>',
    '  </div>);',
    '}',
  ].join('\n'),
  'src/components/Box.jsx': [
    "import { useState } from 'react';",
    '/** A block (a <div>) with state, written inside a sentence. */',
    'export default function Box({ children }) {',
    '  const [count, setCount] = useState(0);',
    '  return <div className="box"><button type="button" onClick={() => setCount((n) => n + 1)}>{children} {count}</button></div>;',
    '}',
  ].join('\n'),
  'docs/b.mdx': ["import Box from '@site/src/components/Box';", '', '# Page B', '', 'Press <Box>Pressed</Box> to count, then read on.', '', 'A plain paragraph.', ''].join('\n'),
  'docs/a.mdx': [
    '# Page A',
    '',
    "import Picker from '@site/src/components/Picker';",
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    '<Picker />',
    '',
    '<Tabs groupId="os">',
    '  <TabItem value="mac" label="macOS">Content mac</TabItem>',
    '  <TabItem value="linux" label="Linux">Content linux</TabItem>',
    '</Tabs>',
    '',
  ].join('\n'),
});

/** The island elements of the page that are React roots (React marks a root's container). */
const islandRoots = () => [...document.querySelectorAll('site-island')].filter((el) => Object.keys(el).some((key) => key.startsWith('__reactContainer$'))).map((el) => el.getAttribute('data-name'));

describe('an island drawn by a site component', () => {
  it('hydrates once, with its component, and works with the tabs of the page', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    // The reader chose Linux on another page: both tab sets open on it.
    await page.addInitScript(() => localStorage.setItem('docusaurus.tab.os', 'linux'));
    await page.goto(`${site.url}/a/`, { waitUntil: 'networkidle' });
    const visiblePanels = () => page.locator('[role=tabpanel]:visible').allInnerTexts();
    await expect.poll(visiblePanels).toEqual(['Linux panel', 'Content linux']);
    expect((await page.evaluate(islandRoots)).sort()).toEqual(['Tabs', 'src/components/Picker#default']);
    await page.locator('.picker [role=tab]', { hasText: 'macOS' }).click();
    await expect.poll(visiblePanels).toEqual(['Mac panel', 'Content mac']);
    await page.locator('.picker button', { hasText: 'Picked' }).click();
    await expect.poll(() => page.locator('.picker > button').innerText()).toBe('Picked 1');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a site component that draws a block, written inside a paragraph', () => {
  it('is drawn once, in its place, and comes alive without a hydration error', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    await page.goto(`${site.url}/b/`, { waitUntil: 'networkidle' });
    expect(await page.locator('.box').count()).toBe(1);
    // The sentence reads in order: the box between its two halves, not moved after them.
    const order = await page.locator('.markdown').first().evaluate((el) => el.textContent!.replace(/\s+/g, ' '));
    expect(order).toContain('Press Pressed 0 to count, then read on.');
    await page.locator('.box button').click();
    await expect.poll(() => page.locator('.box button').innerText()).toBe('Pressed 1');
    expect(await page.locator('.box').count()).toBe(1);
    expect(errors).toEqual([]);
    // The paragraph beside it is still a paragraph.
    expect(await page.locator('.markdown p', { hasText: 'A plain paragraph.' }).count()).toBe(1);
    await page.close();
  });
});
