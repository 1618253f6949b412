import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/** A Docusaurus site's Sass (docusaurus-plugin-sass): its customCss and a component's `.module.scss`, as drawn. */
const site = useBuiltSite({
  'docusaurus.config.js': `module.exports = {
  title: 'Sassy',
  url: 'https://sassy.example',
  baseUrl: '/',
  plugins: ['docusaurus-plugin-sass'],
  presets: [['classic', { docs: { sidebarPath: false, routeBasePath: '/' }, blog: false, theme: { customCss: require.resolve('./src/css/custom.scss') } }]],
};
`,
  'src/css/_tokens.scss': '$brand: rgb(46, 133, 85);\n$radius: 12px;\n',
  'src/css/custom.scss': "@use 'tokens';\n:root { --ifm-color-primary: #{tokens.$brand}; }\n.markdown { h2 { letter-spacing: 3px; } }\n",
  'src/components/Card.module.scss': "@use '../css/tokens';\n.card { border: 2px solid tokens.$brand; border-radius: tokens.$radius; .label { text-transform: uppercase; } }\n",
  'src/components/Card.jsx': "import styles from './Card.module.scss';\nexport default function Card({ children }) { return <div className={styles.card}><span className={styles.label}>{children}</span></div>; }\n",
  'docs/intro.mdx': "---\nslug: /\n---\nimport Card from '@site/src/components/Card';\n\n# Welcome\n\n## Details\n\n<Card>boxed</Card>\n",
});

describe('Sass stylesheets in the browser', () => {
  it('draws the site\'s Sass: its variables in the theme, its nesting, and a CSS module\'s scoped classes', async () => {
    const page = await site.browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const drawn = await page.evaluate(() => {
      const label = [...document.querySelectorAll('span')].find((s) => s.textContent === 'boxed')!;
      const card = getComputedStyle(label.parentElement!);
      return {
        primary: getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim(),
        h2: getComputedStyle(document.querySelector('.markdown h2')!).letterSpacing,
        border: `${card.borderTopWidth} ${card.borderTopStyle} ${card.borderTopColor}`,
        radius: card.borderTopLeftRadius,
        label: getComputedStyle(label).textTransform,
        shown: label.getBoundingClientRect().height > 0,
      };
    });
    expect(drawn).toEqual({ primary: 'rgb(46, 133, 85)', h2: '3px', border: '2px solid rgb(46, 133, 85)', radius: '12px', label: 'uppercase', shown: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
