import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/**
 * A React page whose markup a browser's parser does not keep as written: a component that
 * renders a <div> (and a <p>) used inside a <p>, as Docusaurus sites do (Jest's home page).
 * Hydrating it logged React error #418 on every load; the page must load without a console
 * error and its state must work.
 */
const site = useBuiltSite({
  'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" } };\n',
  'docs/a.md': '# Page A\n\nText.\n',
  'src/pages/index.jsx': [
    "import { useEffect, useState } from 'react';",
    "import Layout from '@theme/Layout';",
    'function Block({ children }) {',
    '  return <div className="block"><p>{children}</p></div>;',
    '}',
    'export default function Home() {',
    '  const [count, setCount] = useState(0);',
    '  const [ready, setReady] = useState("no");',
    '  useEffect(() => setReady("yes"), []);',
    '  return (<Layout title="Home">',
    '    <p className="intro"><Block>Counted {count} times</Block></p>',
    '    <p id="ready">effects ran: {ready}</p>',
    '    <button id="more" onClick={() => setCount((n) => n + 1)}>More</button>',
    '  </Layout>);',
    '}',
  ].join('\n'),
});

describe('a React page with a <div> inside a <p>', () => {
  it('loads without a hydration error, and its state and effects work', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('#ready').innerText()).toBe('effects ran: yes');
    const button = page.locator('#more');
    expect((await button.boundingBox())?.height).toBeGreaterThan(0);
    await button.click();
    await button.click();
    await expect.poll(() => page.locator('.block').innerText()).toBe('Counted 2 times');
    // The page shows its content once: the browser's render replaced the server's HTML, not added to it.
    expect(await page.locator('.block').count()).toBe(1);
    expect(await page.locator('#more').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
