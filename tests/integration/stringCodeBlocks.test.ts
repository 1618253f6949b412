import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type HTMLElement } from 'node-html-parser';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * `<CodeBlock>` with a string child, as Docusaurus sites write code in MDX (sequelize's
 * docs): drawn as the fenced block with the same language and meta would be
 * (cli/render/stringCodeBlocks.ts), or, when its text is only known in the browser, as
 * plain code by the theme.
 */

const EXAMPLE = 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\n';
// MDX itself takes up to two spaces off each continuation line of an expression (as in
// Docusaurus: mdx-js/mdx#2533): the template literal is written with two more than it holds.
const TEMPLATE = 'const a = 1;\nfunction f() {\n    return a;\n}';
const FENCED = 'const a = 1;\nfunction f() {\n  return a;\n}';

const dir = writeTempSite({
  'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" } };\n',
  'docs/example.ts': EXAMPLE,
  'docs/intro.mdx': [
    '---',
    'slug: /',
    '---',
    '',
    "import CodeBlock from '@theme/CodeBlock';",
    "import Example from '!!raw-loader!./example.ts';",
    "import { shell } from '@site/src/snippets';",
    '',
    "export const snippet = 'let x = 1;\\n  let y = 2;\\n';",
    '',
    '<div id="template">',
    '',
    `<CodeBlock language="js" title="a.js" showLineNumbers>{\`${TEMPLATE}\`}</CodeBlock>`,
    '',
    '</div>',
    '',
    '<div id="fenced">',
    '',
    '```js title="a.js" showLineNumbers',
    FENCED,
    '```',
    '',
    '</div>',
    '',
    '<div id="raw">',
    '',
    '<CodeBlock className="language-typescript">{Example}</CodeBlock>',
    '',
    '</div>',
    '',
    '<div id="meta">',
    '',
    '<CodeBlock language="js" metastring="{1,3} title=meta.js" title="prop.js">{`one();\n// not marked\nthree();`}</CodeBlock>',
    '',
    '</div>',
    '',
    '<div id="magic">',
    '',
    '<CodeBlock language="js">{`a();\n// highlight-next-line\nb();`}</CodeBlock>',
    '',
    '</div>',
    '',
    '<div id="const">',
    '',
    '<CodeBlock language="js">',
    '  {snippet}',
    '</CodeBlock>',
    '',
    '</div>',
    '',
    '<div id="module">',
    '',
    '<CodeBlock language="bash" showLineNumbers>{shell}</CodeBlock>',
    '',
    '</div>',
    '',
  ].join('\n'),
  'src/snippets/index.js': "export const shell = 'npm ci\\n  --quiet';\n",
  'src/pages/x.jsx': "import Layout from '@theme/Layout';\nimport CodeBlock from '@theme/CodeBlock';\n\nexport default function X() {\n  return <Layout><CodeBlock language=\"js\">{'a\\n  b'}</CodeBlock></Layout>;\n}\n",
});
let build: ReturnType<typeof runCli>;
// node-html-parser keeps a <pre>'s content as text by default: parse it as elements.
const page = (route: string): HTMLElement => parse(fs.readFileSync(path.join(dir, 'build', route, 'index.html'), 'utf8'), { blockTextElements: {} });
const block = (id: string): HTMLElement => page('').querySelector(`#${id} .theme-code-block`)!;
const lines = (el: HTMLElement) => el.querySelectorAll('pre.code-block__pre > code > .token-line');

beforeAll(() => {
  build = runCli(['build', dir]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a CodeBlock with a string child', () => {
  it('builds without a warning', () => {
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).not.toMatch(/warning/i);
  });

  it('is drawn as the fenced block with the same language and meta: title bar, highlighted lines, indentation, line numbers', () => {
    const fromString = block('template');
    const fenced = block('fenced');
    expect(fromString.querySelector('.code-block__title')!.textContent).toBe('a.js');
    expect(fromString.getAttribute('class')).toBe(fenced.getAttribute('class'));
    const code = fromString.querySelector('pre.code-block__pre > code')!;
    expect(code.classList.value).toEqual(['language-js', 'line-numbers']);
    expect(lines(fromString)).toHaveLength(4);
    expect(lines(fromString)[2]!.textContent).toBe('  return a;\n');
    expect(code.querySelectorAll('.token.keyword').map((t) => t.textContent)).toEqual(['const', 'function', 'return']);
    expect(code.textContent).toBe(FENCED);
    // Byte for byte the fenced block's code.
    expect(fromString.querySelector('pre')!.outerHTML).toBe(fenced.querySelector('pre')!.outerHTML);
  });

  it("highlights a raw-loader import's text in the language of its language-x class, less one trailing newline", () => {
    const raw = block('raw');
    expect(raw.getAttribute('class')).toBe('theme-code-block language-typescript');
    expect(raw.getAttribute('data-language')).toBe('typescript');
    const code = raw.querySelector('pre.code-block__pre > code')!;
    expect(code.classList.value).toEqual(['language-typescript']);
    expect(code.textContent).toBe(EXAMPLE.slice(0, -1));
    expect(lines(raw).map((line) => line.textContent)).toEqual(['export function greet(name: string): string {\n', '  return `hi ${name}`;\n', '}']);
    expect(code.querySelector('.token.template-string')).not.toBeNull();
  });

  it("reads metastring as a fence's meta (its title over the title prop, its lines marked) and magic comments as a fence's", () => {
    const meta = block('meta');
    expect(meta.querySelector('.code-block__title')!.textContent).toBe('meta.js');
    expect(lines(meta).map((line) => line.classList.contains('highlighted'))).toEqual([true, false, true]);
    const magic = block('magic');
    expect(lines(magic).map((line) => [line.textContent, line.classList.contains('highlighted')])).toEqual([
      ['a();\n', false],
      ['b();', true],
    ]);
  });

  it("highlights an export const's value", () => {
    const code = block('const').querySelector('pre.code-block__pre > code.language-js')!;
    expect(lines(block('const')).map((line) => line.textContent)).toEqual(['let x = 1;\n', '  let y = 2;']);
    expect(code.querySelectorAll('.token.keyword')).toHaveLength(2);
  });

  it('draws a value only the site code gives as plain code, lines and whitespace kept: not a paragraph', () => {
    const module = block('module');
    const code = module.querySelector('pre.code-block__pre > code')!;
    expect(code.classList.value).toEqual(['language-bash', 'line-numbers']);
    expect(lines(module).map((line) => line.textContent)).toEqual(['npm ci\n', '  --quiet']);
    expect(module.querySelector('p')).toBeNull();
  });

  it("draws a site React page's string CodeBlock as code in a <pre>, its whitespace kept", () => {
    const drawn = page('x').querySelector('#__content .theme-code-block')!;
    expect(drawn.querySelector('pre.code-block__pre > code.language-js')!.textContent).toBe('a\n  b');
    expect(lines(drawn)).toHaveLength(2);
  });
});
