import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type HTMLElement } from 'node-html-parser';
import { ROOT, runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { clientForBuild } from '../search/builtIndex.ts';
import { DevSite } from '../../cli/dev/devSite.ts';

/**
 * MDX as a reader gets it: the fixture site (tests/fixtures/sites/mdx) uses every construct
 * the theme supports, and must build without a warning and without any MDX source on a page.
 */

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mdx-build-'));
let build: ReturnType<typeof runCli>;
// node-html-parser keeps a <pre>'s content as text by default: parse it as elements.
const read = (file: string): HTMLElement => parse(fs.readFileSync(file, 'utf8'), { blockTextElements: {} });
const page = (route: string): HTMLElement => read(path.join(out, route, 'index.html'));
const content = (route: string): HTMLElement => page(route).querySelector('#__content')!;
const temps: string[] = [];

beforeAll(() => {
  build = runCli(['build', 'tests/fixtures/sites/mdx', '--out-dir', out]);
});
afterAll(() => {
  for (const dir of [out, ...temps]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the MDX fixture site', () => {
  it('builds with no warning', () => {
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).not.toMatch(/warning/i);
  });

  it('builds the same from inside its own folder, as `npm run build` there runs it (the theme\'s modules were once read as the site\'s files then)', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'mdx-inside-'));
    temps.push(copy);
    fs.cpSync(path.join(ROOT, 'tests/fixtures/sites/mdx'), copy, { recursive: true });
    const inside = runCli(['build', '--out-dir', 'inside'], { cwd: copy });
    expect(inside.code, inside.stderr).toBe(0);
    const outside = runCli(['build', copy, '--out-dir', path.join(copy, 'outside')]);
    expect(outside.code, outside.stderr).toBe(0);
    const files = (dir: string) => (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
    const built = files(path.join(copy, 'outside'));
    expect(files(path.join(copy, 'inside'))).toEqual(built);
    for (const file of built) expect(fs.readFileSync(path.join(copy, 'inside', file)).equals(fs.readFileSync(path.join(copy, 'outside', file))), file).toBe(true);
    // What its home page imports is published: an image, and the one its CSS module names.
    expect(built).toEqual(expect.arrayContaining(['assets/files/static/img/badge.png', 'assets/files/src/pages/dots.png']));
  });

  it('shows no import, export, expression, comment or component tag as text on any page', () => {
    const htmlFiles = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    expect(htmlFiles.length).toBeGreaterThan(5);
    for (const file of htmlFiles) {
      const text = read(path.join(out, file)).querySelector('#__content')?.textContent ?? '';
      for (const source of ['import ', 'export const', 'HTML comment', '<!--', '{frontMatter', '{release', '{/*', '*/}', '<Tabs', '<TabItem', '</', '{toc}', 'truncate']) expect(text, `${file}: ${source}`).not.toContain(source);
    }
  });

  it('evaluates export const values, front matter and member access', () => {
    expect(content('start').querySelector('p')!.textContent).toContain('This page covers release 4.8.1 of Getting started, on 2 platforms.');
    expect(content('guides/configure').textContent).toContain('Plain Markdown is MDX too by default: Configure is evaluated.');
  });

  it('renders inline JSX in a paragraph: an HTML element, and a Link with the base URL', () => {
    const first = content('start').querySelectorAll('p')[0]!;
    expect(first.querySelector('abbr')!.getAttribute('title')).toBe('command line interface');
    const link = first.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/guides/configure/');
    // Only the attributes the author wrote (no render-internal props leaking into the markup).
    expect(Object.keys(link.attributes)).toEqual(['href']);
  });

  it('inlines a partial where it is used, its Markdown link resolved', () => {
    const section = content('start').querySelectorAll('h2').find((h) => h.textContent.includes('Before you start'))!;
    const next = section.nextElementSibling!;
    expect(next.textContent).toBe('You need an account and the configuration in place.');
    expect(next.querySelector('a')!.getAttribute('href')).toBe('/guides/configure/');
  });

  it('renders tabs as islands with every panel on the page, in sync by groupId', () => {
    const islands = content('start').querySelectorAll('site-island[data-name="Tabs"]');
    expect(islands.map((i) => JSON.parse(i.getAttribute('data-props')!).groupId)).toEqual(['os', 'os']);
    expect(islands[0]!.querySelectorAll('[role="tab"]').map((t) => t.textContent)).toEqual(['macOS', 'Windows']);
    expect(islands[0]!.querySelectorAll('[role="tabpanel"]').map((p) => p.textContent.includes('install'))).toEqual([true, true]);
    expect(islands[1]!.querySelectorAll('[role="tabpanel"]').map((p) => p.textContent)).toEqual(['Run coinvoy --version in Terminal.', 'Run coinvoy --version in PowerShell.']);
    expect(islands[0]!.querySelector('.code-block__title')!.textContent).toBe('install.sh');
  });

  it('nests admonitions, keeps a label\'s markup, and renders the Admonition component the same way', () => {
    const outer = content('start').querySelector('.alert--warning')!;
    expect(outer.querySelector('.admonitionHeading em')!.textContent).toBe('production');
    expect(outer.querySelector('.admonitionContent .alert--success .admonitionContent')!.textContent.trim()).toBe('Nested tip inside the warning.');
    const info = content('start').querySelector('.alert--info')!;
    expect(info.querySelector('.admonitionHeading')!.textContent).toBe('Written as a component');
  });

  it('gives details its summary, TOCInline the page headings, and styles from style={{…}}', () => {
    const details = content('start').querySelector('details')!;
    expect(details.querySelector('summary')!.textContent).toBe('Why a CLI?');
    expect(details.querySelectorAll('summary').length).toBe(1);
    expect(content('start').querySelector('ul')!.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(['#before-you-start', '#install', '#verify']);
    expect(content('start').querySelector('.card')!.getAttribute('style')).toBe('padding:1rem;border-radius:4px');
    // useBaseUrl, the one function content may call: a site path with the base URL.
    expect(content('start').querySelector('img[alt="The logo"]')!.getAttribute('src')).toBe('/img/logo.svg');
  });

  it('lists a category\'s docs with DocCardList, and ends a post\'s summary at {/* truncate */}', () => {
    expect(content('guides').querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(expect.arrayContaining(['/guides/configure/', '/guides/deploy/']));
    const list = page('blog').querySelector('main')!.textContent;
    expect(list).toContain('The summary of the release.');
    expect(list).not.toContain('The rest of the post');
    expect(content('blog/2024/05/01/release').textContent).toContain('The rest of the post');
  });
});

describe('site components in MDX', () => {
  it('renders the component on the server as an island: its props as JSON, its children in a slot, its CSS module scoped', () => {
    const island = content('guides/deploy').querySelector('site-island')!;
    expect(island.getAttribute('data-name')).toBe('src/components/Counter#default');
    expect(JSON.parse(island.getAttribute('data-props')!)).toEqual({ label: 'Deploys', start: 2, __ids: 'island-1' });
    const button = island.querySelector('button')!;
    expect(button.textContent).toBe('Deploys: 2');
    expect(button.getAttribute('class')).toMatch(/^button_\w{5}$/);
    expect(island.querySelector('site-slot em')!.textContent).toBe('deploys');
    // The class names in the HTML are the ones the site's stylesheet styles.
    const sheet = page('guides/deploy').querySelectorAll('link[rel="stylesheet"]').map((l) => l.getAttribute('href')!).find((href) => href.includes('/site-'))!;
    expect(fs.readFileSync(path.join(out, sheet), 'utf8')).toContain(`.${button.getAttribute('class')}{`);
  });

  it('uses the site\'s MDXComponents (Highlight, with no import) and its swizzled Details, which wraps the theme\'s', () => {
    const mark = content('guides/configure').querySelectorAll('span').find((s) => s.textContent === 'secret')!;
    expect(mark.getAttribute('style')).toBe('background-color:#1877F2;border-radius:2px;color:#fff;padding:0.2rem');
    const frame = content('start').querySelector('.site-details-frame')!;
    expect(frame.querySelector('details.details > summary')!.textContent).toBe('Why a CLI?');
  });

  it('leaves the component out of pages that do not use it', () => {
    expect(content('start').querySelector('site-island[data-name^="src/components/"]')).toBeNull();
  });

  it('makes the swizzled Details an island whose children keep their structure, without sending them twice', () => {
    const island = content('start').querySelector('site-island[data-name="src/theme/Details/index.tsx#default"]')!;
    const props = JSON.parse(island.getAttribute('data-props')!) as { __children: unknown[] };
    expect(props.__children).toEqual([
      { tag: 'summary', props: {}, slot: 0 },
      { tag: 'p', props: {}, slot: 1 },
    ]);
    expect(island.getAttribute('data-props')).not.toContain('Scripts can');
    expect(island.querySelector('site-slot[data-slot="island-1.1"]')!.textContent).toBe('Scripts can run it.');
  });
});

describe('a React page in src/pages', () => {
  it('is the home page beside a Markdown page, and _-prefixed files are not pages: the routes Docusaurus would make', () => {
    const routes = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html')).map((f) => `/${f.replace(/index\.html$/, '')}`).sort();
    expect(routes).toEqual(['/', '/about/', '/blog/', '/blog/2024/05/01/release/', '/blog/archive/', '/guides/', '/guides/configure/', '/guides/deploy/', '/search/', '/start/']);
  });

  it('renders at build time with Layout (title, description), Heading, Link, useDocusaurusContext, useBaseUrl, clsx and a CSS module', () => {
    const home = page('');
    expect(home.querySelector('title')!.textContent).toBe('Home | MDX fixture');
    expect(home.querySelector('meta[name="description"]')!.getAttribute('content')).toBe("The MDX fixture's React home page.");
    // Inside the theme's shell: its navbar and footer.
    expect(home.querySelector('nav.navbar')).not.toBeNull();
    expect(home.querySelector('footer')).not.toBeNull();
    const island = home.querySelector('main site-island')!;
    expect(island.getAttribute('data-name')).toBe('src/pages/index.tsx#default');
    const hero = island.querySelector('header')!;
    expect(hero.getAttribute('class')).toMatch(/^hero hero_\w{5}$/);
    expect(hero.querySelector('h1')!.textContent).toBe('MDX fixture');
    expect(hero.querySelector('p')!.textContent).toBe('Every MDX construct, and a React home page');
    expect(hero.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(['/start/', '/blog/']);
    expect(island.querySelector('h2#more a.hash-link')!.getAttribute('href')).toBe('#more');
    expect(island.querySelector('button')!.textContent).toBe('Show the details');
    // The CSS module's classes and the site's custom.css are in the site's stylesheet, linked from every page.
    for (const route of ['', 'start', 'blog']) {
      const sheet = page(route).querySelectorAll('link[rel="stylesheet"]').map((l) => l.getAttribute('href')!).find((href) => href.includes('/site-'))!;
      const css = fs.readFileSync(path.join(out, sheet), 'utf8');
      expect(css).toContain(`.${hero.getAttribute('class')!.split(' ')[1]}{`);
      expect(css).toContain('--site-fixture-accent');
    }
  });

  it('leaves a Markdown page in src/pages a plain page', () => {
    expect(content('about').textContent.trim()).toBe('A Markdown page beside the React pages, at /about/.');
    expect(page('about').querySelector('main h1')!.textContent).toBe('About');
  });

  it('fails the build naming the page and an import it cannot provide: a module, or a name the module does not export', () => {
    const pageSite = (page: string) => {
      const dir = writeTempSite({
        'src/pages/index.jsx': page,
        'docs/a.md': '# A\n',
        'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" } };\n',
      });
      temps.push(dir);
      return runCli(['build', dir]);
    };
    const module = pageSite("import Layout from '@theme/Layout';\nimport { useDoc } from '@docusaurus/plugin-content-docs/client';\nexport default function Home() {\n  return <Layout>{String(useDoc)}</Layout>;\n}\n");
    expect(module.code).toBe(1);
    expect(module.stderr).toMatch(/^src\/pages\/index\.jsx:2:24: The site's own code could not be bundled: "@docusaurus\/plugin-content-docs\/client" is not a module the generator provides to a site's code \(it provides .*"@theme\/Layout"/m);
    const name = pageSite("import Layout from '@theme/Layout';\nimport { useHistory, withRouter } from '@docusaurus/router';\nexport default function Home() {\n  return <Layout>{String(useHistory)}{String(withRouter)}</Layout>;\n}\n");
    expect(name.code).toBe(1);
    expect(name.stderr).toMatch(/^src\/pages\/index\.jsx:2:22: "@docusaurus\/router" has no export named "withRouter" here: the generator provides "useLocation", "useHistory", "Redirect", "matchPath" of it\./m);
  });

  it('gives React pages the customFields of a Docusaurus config through useDocusaurusContext', () => {
    const dir = writeTempSite({
      'docusaurus.config.js': "export default { title: 'D', url: 'https://d.example', baseUrl: '/', customFields: { languages: [{ name: 'JS' }, { name: 'CSS' }], repo: 'https://git.example/d' } };\n",
      'docs/a.md': '# A\n',
      'src/pages/index.jsx': "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';\nexport default function Home() {\n  const { customFields } = useDocusaurusContext().siteConfig;\n  return <ul id=\"langs\">{customFields.languages.map((l) => <li key={l.name}>{l.name}</li>)}<li>{customFields.repo}</li></ul>;\n}\n",
    });
    temps.push(dir);
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('customFields');
    expect(read(path.join(dir, 'build/index.html')).querySelectorAll('#langs li').map((li) => li.textContent)).toEqual(['JS', 'CSS', 'https://git.example/d']);
  });

  it('gives React pages the named exports of Docusaurus modules: router, theme-common, Head, translate, useBaseUrlUtils, ExecutionEnvironment', () => {
    const dir = writeTempSite({
      'src/pages/tools.jsx': [
        "import Layout from '@theme/Layout';",
        "import Head from '@docusaurus/Head';",
        "import { useHistory, useLocation, matchPath, Redirect } from '@docusaurus/router';",
        "import { useColorMode, ThemeClassNames } from '@docusaurus/theme-common';",
        "import { translate } from '@docusaurus/Translate';",
        "import { useBaseUrlUtils } from '@docusaurus/useBaseUrl';",
        "import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';",
        'export default function Tools() {',
        '  const { colorMode, isDarkTheme } = useColorMode();',
        '  const match = matchPath(useLocation().pathname, { path: "/base/:page/" });',
        '  return (<Layout title="Layout title">',
        '    <Head><title>Head title</title><meta name="description" content="From Head" /><meta property="og:type" content="product" /><link rel="preconnect" href="https://cdn.example" /></Head>',
        '    <p id="location">{useLocation().pathname} {match && match.params.page}</p>',
        '    <p id="mode">{colorMode} {String(isDarkTheme)}</p>',
        '    <p id="translate">{translate({ id: "x", message: "{count} keys" }, { count: 3 })}</p>',
        '    <p id="url">{useBaseUrlUtils().withBaseUrl("/img/a.png")}</p>',
        '    <p id="env">{String(ExecutionEnvironment.canUseDOM)} {ThemeClassNames.wrapper.main} {typeof useHistory().push}</p>',
        '    <Redirect to="/base/a/" />',
        '  </Layout>);',
        '}',
      ].join('\n'),
      // An older page reads the site's config from its `config` prop, which Docusaurus's pages plugin gives it.
      'src/pages/legacy.jsx': "import React from 'react';\nexport default class Legacy extends React.Component {\n  render() {\n    const { config } = this.props;\n    return <p id=\"legacy\">{config.title} {config.titleDelimiter} {config.tagline}</p>;\n  }\n}\n",
      'docs/a.md': '# A\n',
      'site.config.ts': 'export default { title: "T", tagline: "Tag", url: "https://t.example", baseUrl: "/base/", trailingSlash: true, paths: { pages: "src/pages" }, colorMode: { defaultMode: "dark" } };\n',
    });
    temps.push(dir);
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    const html = read(path.join(dir, 'build/tools/index.html'));
    const text = (id: string) => html.querySelector(`#${id}`)!.textContent;
    expect(text('location')).toBe('/base/tools/ tools');
    expect(text('mode')).toBe('dark true');
    expect(text('translate')).toBe('3 keys');
    expect(text('url')).toBe('/base/img/a.png');
    expect(text('env')).toBe('false main-wrapper function');
    // <Head> goes into the document's head: its title and description are the page's, its other tags as written.
    const head = html.querySelector('head')!;
    expect(head.querySelectorAll('title').map((t) => t.textContent)).toEqual(['Head title | T']);
    expect(head.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('From Head');
    expect(head.querySelectorAll('meta[property="og:type"]').map((m) => m.getAttribute('content'))).toEqual(['website', 'product']);
    expect(head.querySelector('link[rel="preconnect"]')!.getAttribute('href')).toBe('https://cdn.example');
    expect(html.querySelector('body')!.innerHTML).not.toContain('cdn.example');    expect(read(path.join(dir, 'build/legacy/index.html')).querySelector('#legacy')!.textContent).toBe('T | Tag');
  });
});

describe('check', () => {
  it('knows what build knows: the components MDXComponents adds, and site code that does not compile', () => {
    const check = runCli(['check', 'tests/fixtures/sites/mdx']);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stderr).not.toMatch(/warning/i);
    const dir = writeTempSite({
      'src/pages/index.jsx': "import Layout from '@theme/Layout';\nexport default function Home() {\n  return <Layout><p>unclosed</Layout>;\n}\n",
      'docs/a.md': '# A\n',
      'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" } };\n',
    });
    temps.push(dir);
    const place = (stderr: string) => /^src\/pages\/index\.jsx:\d+:\d+: .*/m.exec(stderr)?.[0];
    const [built, checked] = [runCli(['build', dir]), runCli(['check', dir])];
    expect(checked.code).toBe(1);
    expect(place(checked.stderr)).toBeDefined();
    expect(place(checked.stderr)).toBe(place(built.stderr));
  });
});

describe('links in React pages', () => {
  it('checks what its Links lead to and the ids its Headings give, at the line the page writes them, in check as in build', () => {
    const dir = writeTempSite({
      'src/pages/index.jsx': [
        "import Layout from '@theme/Layout';",
        "import Link from '@docusaurus/Link';",
        "import Heading from '@theme/Heading';",
        'export default function Home() {',
        '  return (',
        '    <Layout title="Home">',
        '      <Heading as="h2" id="features">Features</Heading>',
        '      <Link to="/a/">A</Link> <Link to="/a/#install">Install</Link>',
        '      <Link to="/missing/">Missing</Link>',
        '      <Link to="/a/#nowhere">Bad anchor</Link>',
        '      <Link to="https://example.com/x">External</Link> <Link to="/other-window/" target="_blank">New window</Link>',
        '    </Layout>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'docs/a.md': '# A\n\n## Install\n\nSee [features](/#features) and [nothing](/#nope).\n',
      'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" } };\n',
    });
    temps.push(dir);
    for (const command of ['check', 'build']) {
      const result = runCli([command, dir]);
      expect(result.code, command).toBe(1);
      const problems = result.stderr.split('\n').filter((l) => /^(src|docs)\//.test(l));
      expect(problems, command).toEqual([
        'docs/a.md:5:32: Broken anchor in "/#nope": / has no element with that id.',
        'src/pages/index.jsx:9:17: Broken link to "/missing/": no page or file has that address.',
        'src/pages/index.jsx:10:17: Broken anchor in "/a/#nowhere": /a/ has no element with that id.',
      ]);
    }
  });
});

/** Builds a site of `files` under the base URL /base/ into its `out` folder (which must succeed): the result, and a page's content by its route. */
function builtUnderBase(files: Record<string, string>) {
  const dir = writeTempSite({ ...files, 'site.config.ts': 'export default { title: "T", url: "https://t.example", baseUrl: "/base/" };\n' });
  temps.push(dir);
  const outDir = path.join(dir, 'out');
  const built = runCli(['build', dir, '--out-dir', outDir]);
  expect(built.code, built.stderr).toBe(0);
  return { built, outDir, content: (route: string) => read(path.join(outDir, route, 'index.html')).querySelector('#__content')! };
}

describe('links as Docusaurus writes them', () => {
  it('takes pathname:// off as Docusaurus does, and its Link reads `to` and `href` alike, with the base URL and a new tab for what is not the site\'s', () => {
    const { built, content } = builtUnderBase({
      'docs/a.mdx': [
        '# A',
        '',
        "import Link from '@docusaurus/Link';",
        '',
        // Neither exists: an escape hatch is not checked.
        '[The PDF](pathname:///files/guide.pdf) and ![banner](pathname:///img/banner.png).',
        '',
        '<Link to="pathname:///files/other.pdf">Other</Link>',
        '<Link href="/a">By href</Link>',
        '<Link to="/base/a">With the base</Link>',
        '<Link to="https://example.com/x">External</Link>',
        '<Link to="https://example.com/y" target="_self">Same tab</Link>',
        '<Link to="/nowhere" data-noBrokenLinkCheck>Unchecked</Link>',
        '<Link to="/a" isNavLink activeClassName="on">Nav</Link>',
        '',
      ].join('\n'),
    });
    expect(built.stderr).not.toMatch(/broken|warning/i);
    const main = content('a');
    const links = main.querySelectorAll('a').map((a) => [a.text, a.getAttribute('href'), a.getAttribute('target') ?? null, a.getAttribute('rel') ?? null]);
    expect(links).toEqual([
      ['The PDF', '/base/files/guide.pdf', '_blank', 'noopener noreferrer'],
      ['Other', '/base/files/other.pdf', '_blank', 'noopener noreferrer'],
      ['By href', '/base/a', null, null],
      ['With the base', '/base/a', null, null],
      ['External', 'https://example.com/x', '_blank', 'noopener noreferrer'],
      ['Same tab', 'https://example.com/y', '_self', null],
      ['Unchecked', '/base/nowhere', null, null],
      ['Nav', '/base/a', null, null],
    ]);
    // An image's path is left as written, as Docusaurus leaves it.
    expect(main.querySelector('img')!.getAttribute('src')).toBe('/img/banner.png');
    // No Docusaurus prop is drawn as an attribute.
    expect(main.innerHTML).not.toMatch(/nobrokenlinkcheck|isnavlink|activeclassname|pathname:/i);
  });
});

describe('files MDX imports for their URL', () => {
  it('publishes what import and require name, as Docusaurus\'s file loaders do, the partials\' files too, and gives each page its URL', () => {
    const { built, content, outDir } = builtUnderBase({
      'docs/img/a.png': 'PNG-A',
      'docs/img/b.webp': 'WEBP-B',
      'docs/img/c.jpg': 'JPG-C',
      'docs/guide.pdf': 'PDF',
      'docs/img/mark.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0h8v8z"/></svg>',
      'static/img/light.png': 'LIGHT',
      'docs/_part.mdx': "import shot from './img/a.png';\n\n<img src={shot} alt=\"from the partial\" />\n\n![markdown in the partial](./img/b.webp)\n",
      'docs/p.mdx': [
        '---',
        'title: P',
        '---',
        "import Part from './_part.mdx';",
        "import ThemedImage from '@theme/ThemedImage';",
        "import * as module from './img/a.png';",
        "import Mark from './img/mark.svg';",
        '',
        '<Mark width="16" title="The mark" titleId="mark" />',
        '',
        '<Part />',
        '',
        '<img src={module.default} alt="namespace" />',
        "<img src={require('./img/a.png').default} alt=\"required\" /> <img src={require('./img/a.png').default} alt=\"again\" />",
        '',
        "<a href={require('./guide.pdf').default}>The guide</a>",
        '',
        "<ThemedImage alt=\"themed\" sources={{ light: require('@site/static/img/light.png').default, dark: require('./img/c.jpg').default }} />",
        '',
      ].join('\n'),
    });
    expect(built.stderr).not.toMatch(/warning|cannot|not evaluated/i);
    const main = content('p');
    expect(main.querySelectorAll('img').map((img) => `${img.getAttribute('alt')} ${img.getAttribute('src')}`)).toEqual([
      'from the partial /base/assets/files/docs/img/a.png',
      'markdown in the partial /base/assets/files/docs/img/b.webp',
      'namespace /base/assets/files/docs/img/a.png',
      'required /base/assets/files/docs/img/a.png',
      'again /base/assets/files/docs/img/a.png',
      'themed /base/assets/files/static/img/light.png',
      'themed /base/assets/files/docs/img/c.jpg',
    ]);
    expect(main.querySelector('a[href$=".pdf"]')!.getAttribute('href')).toBe('/base/assets/files/docs/guide.pdf');
    // An SVG is a component, as SVGR makes it: the file's <svg>, the props on top.
    expect(main.querySelector('svg[aria-labelledby="mark"]')!.outerHTML).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" aria-labelledby="mark" width="16"><title id="mark">The mark</title><path d="M0 0h8v8z"></path></svg>');
    for (const [file, bytes] of [['docs/img/a.png', 'PNG-A'], ['docs/img/b.webp', 'WEBP-B'], ['docs/img/c.jpg', 'JPG-C'], ['docs/guide.pdf', 'PDF'], ['static/img/light.png', 'LIGHT']] as const) {
      expect(fs.readFileSync(path.join(outDir, 'assets/files', file), 'utf8'), file).toBe(bytes);
    }
  });

  it('names a missing or outside file at the import or the require, in check as in build', () => {
    const outside = path.join(os.tmpdir(), 'outside-the-site.png');
    fs.writeFileSync(outside, 'X');
    temps.push(outside);
    const dir = writeTempSite({
      'docs/p.mdx': [
        '---',
        'title: P',
        '---',
        "import gone from './img/gone.png';",
        '',
        '<img src={gone} alt="a" />',
        "<img src={require('./img/lost.png').default} alt=\"b\" />",
        "<img src={require('../../outside-the-site.png').default} alt=\"c\" />",
        '',
      ].join('\n'),
    });
    temps.push(dir);
    for (const command of ['check', 'build']) {
      const result = runCli([command, dir]);
      expect(result.code, command).toBe(1);
      expect(result.stderr.split('\n').filter((l) => l.startsWith('docs/')).map((l) => l.slice(0, l.indexOf(': ') + 1)), command).toEqual(['docs/p.mdx:4:1:', 'docs/p.mdx:7:11:', 'docs/p.mdx:8:11:']);
      expect(result.stderr).toMatch(/Missing file "\.\/img\/gone\.png"/);
      expect(result.stderr).toMatch(/outside the site folder/);
    }
  });
});

describe('files site code imports', () => {
  it('names an SVG with no <svg> element at the import that makes it a component', () => {
    const dir = writeTempSite({
      'src/pages/index.jsx': "import Layout from '@theme/Layout';\nimport Art from '@site/static/img/art.svg';\nexport default function Home() {\n  return <Layout title=\"Home\"><Art /></Layout>;\n}\n",
      'static/img/art.svg': 'not an image',
      'docs/a.md': '# A\n',
      'site.config.ts': 'export default { title: "T", url: "https://t.example", paths: { pages: "src/pages" } };\n',
    });
    temps.push(dir);
    const result = runCli(['build', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^src\/pages\/index\.jsx:2:17: The site's own code could not be bundled: static\/img\/art\.svg holds no <svg> element/m);
  });
});

describe("a Docusaurus site's customCss", () => {
  const config = (customCss: string) => `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/' }, theme: { customCss: ${customCss} } }]] };\n`;
  const files = {
    'docs/intro.md': '---\nslug: /\n---\n# Intro\n',
    'src/css/custom.css': '.from-custom { color: rgb(1, 2, 3); }\n',
    'src/styles/brand.css': '.from-brand { color: rgb(4, 5, 6); }\n',
    // Not named: a site that names its stylesheets does not get this one by convention.
    'src/css/unnamed.css': '.unnamed { color: red; }\n',
  };

  it('puts every stylesheet it names in the site\'s stylesheet, whether by require.resolve or by path', () => {
    const dir = writeTempSite({ ...files, 'docusaurus.config.js': config("[require.resolve('./src/css/custom.css'), './src/styles/brand.css']") });
    temps.push(dir);
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/customCss/);
    const sheet = read(path.join(dir, 'build/index.html')).querySelectorAll('link[rel="stylesheet"]').map((l) => l.getAttribute('href')!).find((href) => href.includes('/site-'))!;
    const css = fs.readFileSync(path.join(dir, 'build', sheet), 'utf8');
    expect(css).toMatch(/\.from-custom/);
    expect(css).toMatch(/\.from-brand/);
    expect(css).not.toMatch(/\.unnamed/);
  });

  it('fails naming a stylesheet it names that does not exist, in check as in build', () => {
    const dir = writeTempSite({ ...files, 'docusaurus.config.js': config("['./src/css/custom.css', './src/css/gone.css']") });
    temps.push(dir);
    for (const command of ['check', 'build']) {
      const result = runCli([command, dir]);
      expect(result.code, command).toBe(1);
      expect(result.stderr, command).toMatch(/^docusaurus\.config\.js:\d+:1: The stylesheet "\.\/src\/css\/gone\.css" that customCss names does not exist\./m);
    }
  });
});

describe("a blog author's own page", () => {
  it('is drawn at the address Docusaurus gives it, with the author and their posts, and their name links there', () => {
    const dir = writeTempSite({
      'blog/authors.yml': 'ada:\n  name: Ada Lovelace\n  title: Analyst\n  url: https://ada.example\n  page: true\n',
      'blog/2024-01-02-first.md': '---\ntitle: First\nauthors: [ada]\n---\nA\n',
      'docs/intro.md': '# Intro\n',
      'site.config.ts': 'export default { title: "T", url: "https://t.example", baseUrl: "/base/" };\n',
    });
    temps.push(dir);
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    const own = read(path.join(dir, 'build/blog/authors/ada/index.html'));
    expect(own.querySelector('main h1')!.textContent).toBe('Ada Lovelace');
    expect(own.querySelectorAll('main article h2').map((h) => h.textContent)).toEqual(['First']);
    const post = read(path.join(dir, 'build/blog/2024/01/02/first/index.html'));
    expect(post.querySelector('.avatar__name a')!.getAttribute('href')).toBe('/base/blog/authors/ada');
  });
});

describe("a blog post's Edit this page link", () => {
  const posts = {
    'blog/2024-01-02-first/index.md': '---\ntitle: First\n---\nA\n',
    'blog/2024-02-02-own.md': '---\ntitle: Own\ncustom_edit_url: https://elsewhere.example/own.md\n---\nB\n',
    'blog/2024-03-02-none.md': '---\ntitle: None\ncustom_edit_url: null\n---\nC\n',
    'docs/intro.md': '# Intro\n',
  };
  const editLinks = (dir: string) =>
    ['2024/01/02/first', '2024/02/02/own', '2024/03/02/none'].map((post) => read(path.join(dir, 'build/blog', post, 'index.html')).querySelector('.theme-edit-this-page a')?.getAttribute('href') ?? null);

  it('joins a blog editUrl with the blog folder and the post, as Docusaurus does; custom_edit_url wins', () => {
    const dir = writeTempSite({ ...posts, 'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { blog: { editUrl: 'https://github.com/o/r/tree/main/website/' } }]] };\n" });
    temps.push(dir);
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/editUrl/);
    expect(editLinks(dir)).toEqual(['https://github.com/o/r/tree/main/website/blog/2024-01-02-first/index.md', 'https://elsewhere.example/own.md', null]);
  });

  it('calls an editUrl function with the blog folder, the post\'s file and its permalink', () => {
    const dir = writeTempSite({ ...posts, 'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { blog: { editUrl: ({ blogDirPath, blogPath, permalink, locale }) => `https://e.example/${blogDirPath}/${blogPath}?at=${permalink}&l=${locale}` } }]] };\n" });
    temps.push(dir);
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(editLinks(dir)[0]).toBe('https://e.example/blog/2024-01-02-first/index.md?at=/blog/2024/01/02/first&l=en');
  });
});

describe('React pages in search', () => {
  it('indexes a React page\'s rendered text under its Layout title, in the built index and in the Algolia export', async () => {
    const dir = writeTempSite({
      'src/pages/index.jsx': [
        "import Layout from '@theme/Layout';",
        "import Heading from '@theme/Heading';",
        'export default function Home() {',
        '  return (',
        '    <Layout title="Welcome home">',
        '      <p>Zephyrine payments settle in seconds.</p>',
        '      <Heading as="h2" id="features">Features</Heading>',
        '      <p>Quasar refunds arrive tomorrow.</p>',
        '    </Layout>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'docs/a.md': '# A\n\nText.\n',
      'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" } };\n',
    });
    temps.push(dir);
    const outDir = path.join(dir, 'out');
    const built = runCli(['build', dir, '--out-dir', outDir]);
    expect(built.code, built.stderr).toBe(0);
    const { results } = await clientForBuild(outDir).search({ requests: [{ query: 'quasar', hitsPerPage: 5 }] });
    const hits = results[0]!.hits.map((h) => [h.url, h.hierarchy.lvl1, h.hierarchy.lvl2]);
    expect(hits).toContainEqual(['/#features', 'Welcome home', 'Features']);
    expect(hits.every(([url]) => url!.startsWith('/#') || url === '/')).toBe(true);
    // dev serves the same index (it renders the page itself).
    const dev = await DevSite.start(dir, path.join(dir, '.dev-temp'));
    try {
      await dev.ensureSearchIndex();
      const searchFiles = fs.readdirSync(path.join(outDir, 'search')).filter((f) => f.endsWith('.json'));
      expect(searchFiles.length).toBeGreaterThan(0);
      for (const file of searchFiles) expect(String((await dev.output(`search/${file}`))?.body), file).toBe(fs.readFileSync(path.join(outDir, 'search', file), 'utf8'));
    } finally {
      await dev.dispose();
    }
    const exported = runCli(['export-search-records', dir]);
    expect(exported.code, exported.stderr).toBe(0);
    const records = JSON.parse(exported.stdout) as { url: string; content: string | null }[];
    expect(records.find((r) => r.content === 'Zephyrine payments settle in seconds.')?.url).toBe('https://t.example/');
  });
});

describe('MDX problems', () => {
  const site = (files: Record<string, string>) => {
    const dir = writeTempSite({ 'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true };\n', ...files });
    temps.push(dir);
    return dir;
  };

  it('says a problem a page and a React page share once, as the error it is for the React page (it was also a warning)', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Chart from '@site/src/components/Chart';\n\n<Chart />\n",
      'src/components/Chart.jsx': "import draw from 'chart-package';\n\nexport default function Chart() {\n  return <p>{draw()}</p>;\n}\n",
      'pages/charts.jsx': "import Chart from '@site/src/components/Chart';\n\nexport default function Charts() {\n  return <Chart />;\n}\n",
    });
    const result = runCli(['check', dir, '--format', 'json']);
    const found = (JSON.parse(result.stdout) as { diagnostics: { file: string; line: number; severity: string; code: string }[] }).diagnostics.filter((d) => d.file === 'src/components/Chart.jsx');
    expect(found.map((d) => `${d.file}:${d.line} ${d.severity} ${d.code}`)).toEqual(['src/components/Chart.jsx:1 error site-package-missing']);
  });

  it("fails the build at the import of a Node.js module by a component, which the browser's bundle cannot take, in the site's terms", () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Host from '@site/src/components/Host';\n\n<Host />\n",
      'src/components/Host.jsx': "import fs from 'node:fs';\n\nexport default function Host() {\n  return <p>{fs.readFileSync('/etc/hostname', 'utf8')}</p>;\n}\n",
    });
    const result = runCli(['build', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('src/components/Host.jsx:1:16: "node:fs" is a module of Node.js, which browsers do not have');
    // esbuild's own words named the file from the generator's folder: "../../tmp/…: ERROR: [plugin: site-code] Could not resolve".
    expect(result.stderr).not.toContain('Could not resolve');
  });

  it('evaluates operators and conditions on plain values, as MDX does, without a warning; an operator on an object gives nothing', () => {
    const dir = site({
      'docs/intro.mdx': [
        '---',
        'slug: /',
        'edition: pro',
        'seats: 3',
        '---',
        "export const base = 'https://x.example';",
        'export const double = 2;',
        'export const total = 3 * double + 1;',
        '',
        "Sum: {1 + 2}. Total: {total}. Joined: {base + '/v' + (frontMatter.seats - 1)}. Plan: {frontMatter.edition === 'pro' ? 'Pro plan' : 'Free plan'}.",
        '',
        "Fallback: {frontMatter.missing ?? 'none'}, {frontMatter.missing || 'empty'}, {frontMatter.edition && 'set'}. Kind: {typeof frontMatter.seats}. Not: {!frontMatter.edition ? 'no' : 'yes'}.",
        '',
        'Object: {frontMatter + 1}.',
      ].join('\n'),
    });
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('is not evaluated');
    const text = read(path.join(dir, 'build/index.html')).querySelector('#__content')!.textContent;
    expect(text).toContain('Sum: 3. Total: 7. Joined: https://x.example/v2. Plan: Pro plan.');
    expect(text).toContain('Fallback: none, empty, set. Kind: number. Not: yes.');
    expect(text).toContain('Object: .');
  });

  it('warns at file:line:col about an unknown component, an import it cannot resolve and code it will not run; the page shows the children', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Chart from 'chart-package';\nimport Mystery from '@theme/Mystery';\n\nText <Unknown>kept child</Unknown> and {Date.now()}.\n\n<Chart>chart fallback</Chart>\n",
    });
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    const warnings = result.stderr.split('\n').filter((l) => l.startsWith('docs/'));
    expect(warnings).toEqual([
      expect.stringMatching(/^docs\/intro\.mdx:4:1: The package "chart-package" that this page imports is not installed in the site folder/),
      expect.stringMatching(/^docs\/intro\.mdx:5:1: "@theme\/Mystery" is not a component of the theme/),
      expect.stringMatching(/^docs\/intro\.mdx:7:6: <Unknown> is not a component/),
      expect.stringMatching(/^docs\/intro\.mdx:7:41: The expression "a function call" is not evaluated/),
      // <Chart> is the package's: the warning at its import says why it shows its children.
    ]);
    const text = read(path.join(dir, 'build/index.html')).querySelector('#__content')!.textContent;
    expect(text).toContain('Text kept child and .');
    expect(text).toContain('chart fallback');
    for (const source of ['import', 'Date.now', '<Unknown', '{']) expect(text).not.toContain(source);
    // markdown.strict (--strict) makes each of them an error.
    const strict = runCli(['build', dir, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/^4 errors in 1 file/m);
    fs.writeFileSync(path.join(dir, 'site.config.ts'), 'export default { title: "T", url: "https://t.example", trailingSlash: true, markdown: { strict: true } };\n');
    expect(runCli(['check', dir]).code).toBe(1);
  });

  it('warns at the import\'s file:line:col about a site component it cannot find; the element shows its children', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nText first.\n\nimport Gone from '@site/src/components/Gone';\nimport Chart from './Chart';\n\n<Gone>gone fallback</Gone>\n\n<Chart />\n",
      'docs/Chart.tsx': 'export default function Chart() { return <p>drawn chart</p>; }\n',
    });
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    const warnings = result.stderr.split('\n').filter((l) => l.startsWith('docs/'));
    expect(warnings).toEqual([expect.stringMatching(/^docs\/intro\.mdx:6:1: Cannot find the site component "src\/components\/Gone"/)]);
    const text = read(path.join(dir, 'build/index.html')).querySelector('#__content')!;
    expect(text.textContent).toContain('gone fallback');
    // A relative import, with the extension left out, is found beside the page.
    expect(text.querySelector('site-island[data-name="docs/Chart#default"] p')!.textContent).toBe('drawn chart');
  });

  it('warns with the component\'s file:line:col when it does not compile (the element shows its children, the other components still work), fails under --strict, and never reads outside the site', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Broken from '@site/src/Broken';\nimport Escape from '@site/src/Escape';\nimport Fine from '@site/src/Fine';\n\n<Broken>broken fallback</Broken>\n<Escape>escape fallback</Escape>\n<Fine />\n",
      'src/Broken.jsx': 'export default function Broken() {\n  return <p>unclosed;\n}\n',
      'src/Fine.jsx': 'export default function Fine() {\n  return <p className="fine">fine component</p>;\n}\n',
    });
    // A file beside the site folder, which a component's import must not reach.
    const outside = `${dir}-outside.js`;
    fs.writeFileSync(outside, 'export default "outside";\n');
    temps.push(outside);
    fs.writeFileSync(path.join(dir, 'src/Escape.js'), `import secret from '../../${path.basename(outside)}';\nexport default () => secret;\n`);
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^src\/Broken\.jsx:\d+:\d+: The site's own code could not be bundled/m);
    expect(result.stderr).toMatch(/^src\/Escape\.js:1:20: The site's own code could not be bundled: "\.\.\/\.\.\/[^"]+-outside\.js" resolves to .*outside the site folder/m);
    expect(result.stderr).toMatch(/^docs\/intro\.mdx:4:1: The component "src\/Broken" that this page imports could not be bundled \(.*\): its elements show their content only\./m);
    expect(result.stderr).toMatch(/^docs\/intro\.mdx:5:1: The component "src\/Escape" that this page imports could not be bundled/m);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    const body = read(path.join(dir, 'build/index.html')).querySelector('#__content')!;
    expect(body.textContent).toContain('broken fallback');
    expect(body.textContent).toContain('escape fallback');
    expect(body.textContent).not.toContain('outside');
    expect(body.querySelector('site-island[data-name="src/Fine#default"] p.fine')!.textContent).toBe('fine component');
    const strict = runCli(['build', dir, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/^docs\/intro\.mdx:4:1: The component "src\/Broken" that this page imports could not be bundled/m);
  });

  it('fails on an MDX syntax error with its file:line:col and a hint, and names a missing partial at its import', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Gone from './_gone.mdx';\n\n<Gone />\n",
      'docs/broken.mdx': '# Broken\n\nA stray { brace.\n',
    });
    const result = runCli(['build', dir]);
    expect(result.code).toBe(1);
    // micromark places an unclosed expression where the file ends: the end of that line here.
    expect(result.stderr).toContain('docs/broken.mdx:3:17: The MDX could not be parsed');
    expect(result.stderr).toContain('write \\{ and &lt;');
    expect(result.stderr).toContain('docs/intro.mdx:4:1: The partial "docs/_gone.mdx" does not exist');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('bundles a package content imports from the site\'s node_modules, with its CSS; one not installed is a warning at the import saying to run npm install', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Embed from 'fake-embed';\nimport { Badge } from '@fake/badges/badge';\nimport Missing from 'not-installed-pkg';\nimport 'fake-embed/dist/theme.css';\nimport './local.css';\nimport 'not-installed-pkg/style.css';\n\n<Embed id=\"v1\" />\n\n<Badge />\n\n<Missing>missing fallback</Missing>\n",
      'docs/local.css': '.local-rule { color: teal; }\n',
      'node_modules/fake-embed/dist/theme.css': '.fake-theme { color: red; }\n',
      'node_modules/fake-embed/package.json': '{ "name": "fake-embed", "version": "1.0.0", "main": "dist/index.js" }\n',
      'node_modules/fake-embed/dist/index.js': "const React = require('react');\nrequire('./embed.css');\nmodule.exports = function Embed(props) { return React.createElement('div', { className: 'fake-embed' }, 'embed ' + props.id); };\n",
      'node_modules/fake-embed/dist/embed.css': '.fake-embed { aspect-ratio: 16 / 9; }\n',
      'node_modules/@fake/badges/package.json': '{ "name": "@fake/badges", "version": "1.0.0" }\n',
      'node_modules/@fake/badges/badge.js': "import { createElement } from 'react';\nexport function Badge() { return createElement('span', { className: 'fake-badge' }, 'badge'); }\n",
    });
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    const warnings = result.stderr.split('\n').filter((l) => l.startsWith('docs/'));
    expect(warnings).toEqual([
      expect.stringMatching(/^docs\/intro\.mdx:6:1: The package "not-installed-pkg" that this page imports is not installed in the site folder: its elements show their content only\.$/),
      expect.stringMatching(/^docs\/intro\.mdx:9:1: The stylesheet "not-installed-pkg\/style\.css" that this page imports is from a package not installed in the site folder: the page is shown without it\.$/),
    ]);
    expect(result.stderr).toContain('Run npm install in the site folder');
    const html = read(path.join(dir, 'build/index.html'));
    const body = html.querySelector('#__content')!;
    expect(body.querySelector('site-island[data-name="fake-embed#default"] .fake-embed')!.textContent).toBe('embed v1');
    expect(body.querySelector('site-island[data-name="@fake/badges/badge#Badge"] .fake-badge')!.textContent).toBe('badge');
    expect(body.textContent).toContain('missing fallback');
    // The package's stylesheet is in the site's stylesheet; its code is a chunk of the client bundle.
    const sheet = html.querySelectorAll('link[rel="stylesheet"]').map((l) => l.getAttribute('href')!).find((href) => href.includes('/site-'))!;
    // Stylesheets content imports for their effect join it too.
    const css = fs.readFileSync(path.join(dir, 'build', sheet), 'utf8');
    for (const rule of ['.fake-embed', '.fake-theme', '.local-rule']) expect(css).toContain(rule);
    const chunks = fs.readdirSync(path.join(dir, 'build/assets')).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dir, 'build/assets', f), 'utf8'));
    expect(chunks.some((c) => c.includes('fake-embed') && c.includes('embed '))).toBe(true);
  });

  it('leaves root-relative url()s in the site\'s CSS to the static folder, as Docusaurus does, and names a CSS module\'s broken relative url() at its own file', () => {
    const files = {
      'docs/intro.mdx': "---\nslug: /\n---\nimport Card from '@site/src/Card';\n\n<Card />\n",
      'src/Card.jsx': "import styles from './card.module.css';\nexport default function Card() { return <div className={styles.card}>card</div>; }\n",
      'src/card.module.css': '.card { background: url(/img/card.png); }\n',
      'src/css/custom.css': ':root { --hero: url("/img/hero.svg"); }\n',
      'static/img/card.png': 'png',
    };
    const dir = site(files);
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    const html = read(path.join(dir, 'build/index.html'));
    const sheet = html.querySelectorAll('link[rel="stylesheet"]').map((l) => l.getAttribute('href')!).find((href) => href.includes('/site-'))!;
    const css = fs.readFileSync(path.join(dir, 'build', sheet), 'utf8');
    expect(css).toContain('url(/img/card.png)');
    expect(css).toContain('url(/img/hero.svg)');
    const broken = site({ ...files, 'src/card.module.css': '.card {\n  background: url(./missing.png);\n}\n' });
    const failed = runCli(['build', broken]);
    expect(failed.stderr).toMatch(/^src\/card\.module\.css:2:15: The site's own code could not be bundled: Could not resolve "\.\/missing\.png"/m);
  });

  it('bundles a component kept in a docs folder the config names outside the site folder', () => {
    const root = writeTempSite({
      'website/site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { docs: "../docs" } };\n',
      'docs/intro.mdx': "---\nslug: /\n---\nimport Explain from './components/Explain';\n\n<Explain title=\"Why\">Because.</Explain>\n",
      'docs/components/Explain.jsx': "export default function Explain({ title, children }) {\n  return <details className=\"explain\"><summary>{title}</summary>{children}</details>;\n}\n",
    });
    temps.push(root);
    const result = runCli(['build', path.join(root, 'website')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/warning/i);
    const details = read(path.join(root, 'website/build/index.html')).querySelector('#__content details.explain')!;
    expect(details.querySelector('summary')!.textContent).toBe('Why');
    expect(details.textContent).toContain('Because.');
  });

  it('binds data a page imports from a site module (a string of code passed as a prop), not only components', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport { Show } from '@site/src/Show';\nimport { query, limits } from './query';\n\n<Show code={query} />\n\nThe limit is {limits.max}.\n",
      'docs/query.js': "export const query = `select * from person`;\nexport const limits = { max: 10 };\n",
      'src/Show.jsx': 'export function Show({ code }) {\n  return <pre className="show">{code}</pre>;\n}\n',
    });
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/warning/i);
    const body = read(path.join(dir, 'build/index.html')).querySelector('#__content')!;
    const island = body.querySelector('site-island[data-name="src/Show#Show"]')!;
    expect(island.querySelector('pre.show')!.textContent).toBe('select * from person');
    expect(JSON.parse(island.getAttribute('data-props')!)).toEqual({ code: 'select * from person', __ids: 'island-1' });
    expect(body.textContent).toContain('The limit is 10.');
  });

  it('lets site components and React pages use the theme\'s Tabs: their ids come from the island\'s own scope, which the browser can repeat', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Pick from '@site/src/Pick';\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs><TabItem value=\"a\">Page A</TabItem></Tabs>\n\n<Pick />\n",
      'src/Pick.jsx': "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nexport default function Pick() {\n  return <Tabs groupId=\"pm\"><TabItem value=\"npm\">npm i</TabItem><TabItem value=\"yarn\">yarn add</TabItem></Tabs>;\n}\n",
      'src/pages/tabs.jsx': "import Layout from '@theme/Layout';\nimport Pick from '../Pick';\nexport default function TabsPage() {\n  return <Layout title=\"Tabs\"><Pick /></Layout>;\n}\n",
    });
    fs.writeFileSync(path.join(dir, 'site.config.ts'), 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" } };\n');
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    const tabIds = (file: string) => read(path.join(dir, 'build', file)).querySelectorAll('[role="tab"]').map((t) => t.getAttribute('id'));
    expect(tabIds('index.html')).toEqual(['tabs-1-tab-0', 'island-1-tabs-1-tab-0', 'island-1-tabs-1-tab-1']);
    expect(tabIds('tabs/index.html')).toEqual(['page-tabs-1-tab-0', 'page-tabs-1-tab-1']);
  });

  it('reads JSX in a site component written as .js, as Docusaurus does', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Hello from '@site/src/components/Hello';\n\n<Hello name=\"reader\" />\n",
      'src/components/Hello.js': 'export default function Hello({ name }) {\n  return <strong className="hello">Hello {name}</strong>;\n}\n',
    });
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(read(path.join(dir, 'build/index.html')).querySelector('#__content strong.hello')!.textContent).toBe('Hello reader');
  });

  it('gives site code useIsBrowser, BrowserOnly and Translate: the server renders the fallback and the message', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Widget from '@site/src/components/Widget';\n\n<Widget />\n",
      'src/components/Widget.jsx': [
        "import useIsBrowser from '@docusaurus/useIsBrowser';",
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        "import Translate from '@docusaurus/Translate';",
        'export default function Widget() {',
        '  const isBrowser = useIsBrowser();',
        '  return (<div className="widget"><span className="where">{isBrowser ? "browser" : "server"}</span>',
        '    <BrowserOnly fallback={<em>Loading…</em>}>{() => <b>{window.location.pathname}</b>}</BrowserOnly>',
        '    <Translate id="w.count" values={{ count: <strong>3</strong> }}>{"You have {count} keys"}</Translate></div>);',
        '}',
      ].join('\n'),
    });
    const result = runCli(['build', dir]);
    expect(result.code, result.stderr).toBe(0);
    const widget = read(path.join(dir, 'build/index.html')).querySelector('#__content .widget')!;
    expect(widget.querySelector('.where')!.textContent).toBe('server');
    expect(widget.querySelector('em')!.textContent).toBe('Loading…');
    expect(widget.querySelector('b')).toBeNull();
    expect(widget.textContent).toContain('You have 3 keys');
    expect(widget.querySelector('strong')!.textContent).toBe('3');
  });

  it('checks a partial\'s links at the partial\'s own file and line', () => {
    const dir = site({
      'docs/intro.mdx': "---\nslug: /\n---\nimport Shared from './_shared.md';\n\n<Shared />\n",
      'docs/_shared.md': 'Intro line.\n\nSee [the missing page](./missing.md).\n',
    });
    const result = runCli(['build', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('docs/_shared.md:3:5: Broken link to "./missing.md"');
  });

  it("takes the headings of the partials a page shows as its anchors, as Docusaurus finds them on the page: links to them were broken", () => {
    const dir = site({
      'docs/settings.mdx': "---\nslug: /settings\n---\n# Settings\n\nimport Prune from './_prune.mdx';\n\n<Prune />\n\n## Own heading\n",
      'docs/_prune.mdx': "### catalogPrune\n\nText.\n\nimport Deeper from './_deeper.mdx';\n\n<Deeper />\n",
      'docs/_deeper.mdx': '### scriptShell\n\nMore.\n',
      'docs/intro.md': '---\nslug: /\n---\n# Intro\n\n[a](./settings.mdx#catalogprune), [b](/settings/#scriptshell), [c](/settings/#own-heading), [gone](/settings/#nothing-here).\n',
    });
    const result = runCli(['build', dir]);
    expect(result.code).toBe(1);
    const anchors = result.stderr.split('\n').filter((line) => line.includes('Broken anchor'));
    expect(anchors).toEqual([expect.stringMatching(/^docs\/intro\.md:6:93: Broken anchor in "\/settings\/#nothing-here"/)]);
    // And they are on the page, where the links lead.
    fs.writeFileSync(path.join(dir, 'docs/intro.md'), '---\nslug: /\n---\n# Intro\n');
    expect(runCli(['build', dir]).code).toBe(0);
    const page = read(path.join(dir, 'build/settings/index.html'));
    expect(['catalogprune', 'scriptshell', 'own-heading'].map((id) => page.querySelector(`#${id}`)?.tagName)).toEqual(['H3', 'H3', 'H2']);
  });

  it('reads .md as MDX by default, as CommonMark under markdown.format "detect" or front matter format: md', () => {
    const text = 'Fees are <6% and {braces} stay.\n';
    const mdx = site({ 'docs/a.md': `---\nslug: /\n---\n${text}` });
    expect(runCli(['build', mdx]).stderr).toContain('docs/a.md:4:11: The MDX could not be parsed');
    const detect = site({ 'docs/a.md': `---\nslug: /\n---\n${text}` });
    fs.writeFileSync(path.join(detect, 'site.config.ts'), 'export default { title: "T", url: "https://t.example", trailingSlash: true, markdown: { format: "detect" } };\n');
    expect(runCli(['build', detect]).code).toBe(0);
    expect(fs.readFileSync(path.join(detect, 'build/index.html'), 'utf8')).toContain('Fees are &lt;6% and {braces} stay.');
    const frontMatter = site({ 'docs/a.md': `---\nslug: /\nformat: md\n---\n${text}` });
    expect(runCli(['build', frontMatter]).code).toBe(0);
  });
});

