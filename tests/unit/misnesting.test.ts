import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findMisnesting } from '../../cli/render/misnesting.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

describe('findMisnesting: markup a browser does not keep as React wrote it', () => {
  it('names the element the parser moves and its parent as written', () => {
    expect(findMisnesting('<div><p class="x"><span>a</span><div>b</div></p></div>')).toEqual({ element: 'div', parent: 'p' });
    expect(findMisnesting('<p>a<p>b</p></p>')).toEqual({ element: 'p', parent: 'p' });
    expect(findMisnesting('<a href="/x"><a href="/y">y</a></a>')).toEqual({ element: 'a', parent: 'a' });
    expect(findMisnesting('<table><tr><td>x</td></tr></table>')).toEqual({ element: 'tr', parent: 'table' });
    // Inside an island (a custom element, which does not stop a <div> from closing the <p>).
    expect(findMisnesting('<site-island data-name="x" data-props="{}"><p><site-island data-name="y" data-props="{}"><div>z</div></site-island></p></site-island>')).toEqual({ element: 'div', parent: 'site-island' });
  });

  it('finds nothing in valid markup: void elements, SVG, comments, raw text and escaped attributes', () => {
    const valid = [
      '<div><p>a<span>b</span><br/><img src="a.png" alt="&lt;div&gt;"/></p><hr/></div>',
      '<svg viewBox="0 0 2 2"><defs><path d="M0 0"></path></defs><text><textPath href="#p">R</textPath></text></svg>',
      '<p>a<!-- --><!-- <div> -->b</p><style>p > div { color: red }</style><script>"<div>"</script>',
      '<table><tbody><tr><td><div>x</div></td></tr></tbody></table><ul><li><p>x</p></li></ul>',
      '<button><span>x</span></button><textarea>&lt;p&gt;</textarea>',
    ];
    for (const html of valid) expect(findMisnesting(html), html).toBeUndefined();
  });
});

describe('a React page with misnested markup', () => {
  it('builds with a warning at the page file that names the nesting and what to do', () => {
    const dir = writeTempSite({
      'site.config.ts': 'export default { title: "T", url: "https://t.example", paths: { pages: "src/pages" } };\n',
      'docs/a.md': '# A\n',
      'src/pages/index.jsx': 'export default function Home() { return <p><div>block</div></p>; }\n',
    });
    try {
      const { code, stderr } = runCli(['build', dir]);
      expect(code).toBe(0);
      expect(stderr).toContain('src/pages/index.jsx: The React page at / puts a <div> inside a <p>');
      expect(stderr).toContain('a <p> cannot hold a <div>');
      expect(fs.readFileSync(`${dir}/build/index.html`, 'utf8')).toContain('data-render="client"');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
