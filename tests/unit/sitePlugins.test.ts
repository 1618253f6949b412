import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { startDev, stopDev } from '../helpers/devServer.ts';

/** A Docusaurus site's own remark and rehype plugins, run on its content as Docusaurus runs them (content/markdown/sitePlugins.ts). */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const PLUGINS = `import fs from 'node:fs';
import path from 'node:path';
/** Adds a paragraph naming its option, and the file as the plugin sees it (its \`cwd\`, and the working folder, are the site folder, as in Docusaurus). */
export default function remarkFooter(options) {
  return (tree, file) => {
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: options.label + ' ' + (path.isAbsolute(file.path) ? 'absolute' : 'relative') + ' ' + path.basename(file.path) + (file.data.frontMatter.tag ? ' tagged ' + file.data.frontMatter.tag : '') + (fs.existsSync(path.join(file.cwd, 'docusaurus.config.js')) && fs.existsSync('docusaurus.config.js') ? ' from the site folder' : '') }] });
  };
}
/** Marks each h2, and adds a link to a page that does not exist. */
export function rehypeMarkHeadings() {
  return (tree) => {
    const visit = (node) => {
      if (node.type === 'element' && node.tagName === 'h2') {
        node.properties.dataPlugin = 'yes';
        node.children.push({ type: 'element', tagName: 'a', properties: { href: '/docs/nowhere' }, children: [{ type: 'text', value: 'gone' }] });
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}
/** Asynchronous: waits, then changes the first paragraph; fails on one file (and by file.fail on another), warns on another, never ends on a third. */
export function remarkSlow() {
  return async (tree, file) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (file.path.endsWith('bad.md')) throw new Error('cannot handle this page');
    if (file.path.endsWith('warn.md')) file.message('this page is odd', tree.children[0]);
    if (file.path.endsWith('fail.md')) file.fail('this block does not compile', tree.children[0]);
    if (file.path.endsWith('hang.md')) await new Promise(() => {});
    if (file.path.endsWith('wait.md')) await new Promise((resolve) => setTimeout(resolve, 60_000));
    if (file.path.endsWith('loop.md')) for (;;);
    const first = tree.children.find((node) => node.type === 'paragraph');
    if (first) first.children.push({ type: 'text', value: ' (waited)' });
  };
}
/** Waits for another file's run, as electron's structure previews do: each file's title, once that file is read. */
const titles = new Map();
const titleOf = (name) => {
  if (!titles.has(name)) { let resolve; titles.set(name, { promise: new Promise((r) => (resolve = r)), resolve }); }
  return titles.get(name);
};
export function remarkSeeAlso() {
  return async (tree, file) => {
    const own = tree.children.find((node) => node.type === 'paragraph');
    titleOf(path.basename(file.path)).resolve(own ? own.children.map((c) => c.value ?? '').join('') : '');
    const link = tree.children.flatMap((node) => node.children ?? []).find((node) => node.type === 'link' && node.url.endsWith('.md'));
    if (link) link.children.push({ type: 'text', value: ' — ' + (await titleOf(path.basename(link.url)).promise) });
  };
}
/** Syntax: no indented code, as MDX has none (the fast parser knows nothing of it). */
export function remarkNoIndentedCode() {
  const data = this.data();
  (data.micromarkExtensions ??= []).push({ disable: { null: ['codeIndented'] } });
}
/** Before the defaults, an admonition is still a directive. */
export function remarkCountDirectives() {
  return (tree) => {
    let n = 0;
    const visit = (node) => { if (node.type === 'containerDirective') n++; (node.children ?? []).forEach(visit); };
    visit(tree);
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'directives seen: ' + n }] });
  };
}
`;

const config = (extra = '') => `import remarkFooter, { rehypeMarkHeadings, remarkSlow, remarkNoIndentedCode, remarkCountDirectives } from './src/plugins.mjs';
${extra}
export default {
  title: 'Plugins', url: 'https://p.example', baseUrl: '/', onBrokenLinks: 'warn',
  // .md files are CommonMark, which has indented code (MDX has none).
  markdown: { format: 'detect' },
  presets: [['classic', {
    docs: { sidebarPath: false, beforeDefaultRemarkPlugins: [remarkCountDirectives], remarkPlugins: [[remarkFooter, { label: 'Footer:' }], remarkSlow, remarkNoIndentedCode], rehypePlugins: [rehypeMarkHeadings] },
    blog: { onUntruncatedBlogPosts: 'ignore' },
  }]],
};
`;

function site(files: Record<string, string> = {}) {
  const dir = writeTempSite({
    'docusaurus.config.js': config(),
    'src/plugins.mjs': PLUGINS,
    'docs/intro.md': '---\ntag: alpha\n---\n# Intro\n\nFirst words.\n\n## Section\n\n:::note\nHi\n:::\n\n    not code here\n',
    'blog/2024-01-01-post.md': '---\ntitle: Post\n---\nPost words.\n\n    indented code\n',
    ...files,
  });
  dirs.push(dir);
  return dir;
}

const contentOf = (dir: string, page: string) => {
  const html = fs.readFileSync(path.join(dir, 'build', page, 'index.html'), 'utf8');
  return html.slice(html.indexOf('id="__content"'), html.indexOf('<script id="__data"'));
};

describe("a Docusaurus site's own remark and rehype plugins", () => {
  it('run on the content of the plugin that lists them, with their options, the processor, the absolute path, asynchronously, in Docusaurus\'s order', () => {
    const dir = site();
    const { code, stderr } = runCli(['build', dir]);
    expect(stderr).not.toMatch(/is not run/);
    expect(code).toBe(0);
    const docs = contentOf(dir, 'docs/intro');
    expect(docs).toContain('<p>Footer: absolute intro.md tagged alpha from the site folder</p>');
    expect(docs).toContain('<p>First words. (waited)</p>');
    expect(docs).toMatch(/<h2 data-plugin="yes" id="section"/);
    // Syntax a plugin adds is read: the fast parser would have made this a code block.
    expect(docs).toContain('<p>not code here</p>');
    // beforeDefaultRemarkPlugins run before the admonition becomes one; the others after.
    expect(docs).toContain('<p>directives seen: 1</p>');
    expect(docs).toContain('alert--secondary');
    // What a rehype plugin adds is checked like the rest of the page.
    expect(stderr).toMatch(/docs\/intro\.md:\d+:\d+: Broken link to "\/docs\/nowhere"/);
    // The blog's plugin lists none: its indented code is code, and no footer.
    const post = contentOf(dir, 'blog/2024/01/01/post');
    expect(post).not.toContain('Footer:');
    expect(post).toMatch(/<pre[^>]*>[\s\S]*indented code/);
  });

  it('run on every file at once, as Docusaurus\'s loaders do: one may await what another file\'s run makes', () => {
    const dir = site({
      'docusaurus.config.js': config().replace("import remarkFooter, {", "import remarkFooter, { remarkSeeAlso,").replace("remarkPlugins: [[remarkFooter", "remarkPlugins: [remarkSeeAlso, [remarkFooter"),
      // "a" is read first, and waits for "z", read last.
      'docs/a.md': '# A\n\nSee [the last](z.md).\n',
      'docs/z.md': '# Z\n\nThe last page.\n',
      // More files running at once than Node's listener limit (10): each waits for the loop on one shared listener.
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`docs/p${i}.md`, `# P${i}\n\nText.\n`])),
    });
    const { code, stderr } = runCli(['build', dir], { env: { SITE_TASK_LIMIT_MS: '5000' } });
    expect(stderr).not.toMatch(/without finishing/);
    expect(stderr).not.toMatch(/MaxListenersExceeded|memory leak/);
    expect(code).toBe(0);
    expect(contentOf(dir, 'docs/a')).toMatch(/See <a href="\/docs\/z">the last — The last page\.<\/a>/);
  });

  it('a plugin that throws is an error at the file, naming the plugin; file.message is a warning at its place; file.fail one error at its place; one that never settles is named', () => {
    const dir = site({ 'docs/bad.md': '# Bad\n', 'docs/warn.md': '# Warn\n\nText.\n', 'docs/hang.md': '# Hang\n', 'docs/fail.md': '# Fail\n\nText.\n' });
    const { code, stderr } = runCli(['check', dir]);
    expect(code).toBe(1);
    expect(stderr).toContain('docs/bad.md:1:1: The site\'s remark plugin "remarkSlow" (presets[0][1].docs.remarkPlugins[1]) failed on this file: cannot handle this page');
    expect(stderr).toContain('docs/warn.md:3:1: this page is odd');
    // Thrown and listed among the file's messages, as file.fail does: said once.
    expect(stderr).toContain('docs/fail.md:3:1: The site\'s remark plugin "remarkSlow" (presets[0][1].docs.remarkPlugins[1]) failed on this file: this block does not compile');
    expect(stderr.match(/this block does not compile/g)).toHaveLength(1);
    expect(stderr).toMatch(/docs\/hang\.md:1:1: The site's remark plugin "remarkSlow" \(presets\[0\]\[1\]\.docs\.remarkPlugins\[1\]\) failed on this file: it awaits a promise that nothing resolves/);
  });

  it('one that loops, or waits past the watch\'s limit, stops the command at the file, saying which it did', () => {
    const env = { SITE_TASK_LIMIT_MS: '2000' };
    const looping = runCli(['check', site({ 'docs/loop.md': '# Loop\n' })], { env });
    expect(looping.code).toBe(1);
    expect(looping.stderr).toContain("docs/loop.md: Running the site's remark and rehype plugins on docs/loop.md ran for 2 s without finishing, so the command was stopped.");
    expect(looping.stderr).toMatch(/code that never ends: a loop/);
    const waiting = runCli(['check', site({ 'docs/wait.md': '# Wait\n' })], { env });
    expect(waiting.code).toBe(1);
    expect(waiting.stderr).toContain("docs/wait.md: Running the site's remark and rehype plugins on docs/wait.md ran for 2 s without finishing, so the command was stopped.");
    expect(waiting.stderr).toMatch(/It was not running but waiting, for what it awaits: a network request/);
  });

  it('an edit to a plugin\'s code loads the pages again; an unchanged site is not loaded again', () => {
    const dir = site();
    expect(runCli(['build', dir]).code).toBe(0);
    fs.writeFileSync(path.join(dir, 'src/plugins.mjs'), PLUGINS.replace("options.label + ' '", "options.label + ' v2 '"));
    expect(runCli(['build', dir]).code).toBe(0);
    expect(contentOf(dir, 'docs/intro')).toContain('<p>Footer: v2 absolute intro.md tagged alpha from the site folder</p>');
    const again = runCli(['build', dir]);
    expect(again.stdout + again.stderr).toMatch(/Rebuilt 0 of \d+ pages/);
  });

  it('run in dev too, and an edit to a plugin\'s file shows on the next request', async () => {
    const dir = site();
    const { url, child } = await startDev(dir);
    try {
      expect(await (await fetch(`${url}/docs/intro/`)).text()).toContain('<p>Footer: absolute intro.md tagged alpha from the site folder</p>');
      fs.writeFileSync(path.join(dir, 'src/plugins.mjs'), PLUGINS.replace("options.label + ' '", "options.label + ' edited '"));
      await expect.poll(async () => (await fetch(`${url}/docs/intro/`)).text(), { timeout: 15_000, interval: 200 }).toContain('<p>Footer: edited absolute intro.md tagged alpha from the site folder</p>');
    } finally {
      await stopDev(child);
    }
  });

  it('run while the config uses packages that are not installed, said once; a file one fails on (a stand-in\'s doing) is shown without them', () => {
    const withStandIn = config("import emoji from 'remark-emoji';\nconst remarkEmojiTree = () => (tree, file) => (file.path.endsWith('stub.md') ? emoji() : undefined);")
      .replace("remarkPlugins: [[remarkFooter", "remarkPlugins: [remarkEmojiTree, [remarkFooter");
    const dir = site({ 'docusaurus.config.js': withStandIn, 'docs/stub.md': '# Stub\n\nWords.\n' });
    const { code, stderr } = runCli(['build', dir]);
    expect(code).toBe(0);
    expect(stderr.match(/The site's remark and rehype plugins run while the config uses packages that are not installed \(remark-emoji\)/g)).toHaveLength(1);
    // The plugins ran on the other files.
    expect(contentOf(dir, 'docs/intro')).toContain('<p>Footer: absolute intro.md tagged alpha from the site folder</p>');
    // A stand-in's value is not a tree: a warning, and the file as it is without the plugins.
    expect(stderr).toContain('docs/stub.md:1:1: The site\'s remark plugin "remarkEmojiTree" (presets[0][1].docs.remarkPlugins[0]) failed on this file: its transformer returned something that is not a tree. This file is shown without the site\'s remark and rehype plugins.');
    const stub = contentOf(dir, 'docs/stub');
    expect(stub).toContain('<p>Words.</p>');
    expect(stub).not.toContain('Footer:');
  });

  it('are collected by area and where they run; stand-ins and packages done natively are not among them', () => {
    const own = function remarkOwn() {};
    const stub = Object.assign(() => undefined, { __siteMissingPackage: 'remark-emoji' });
    const mapped = mapDocusaurusConfig(
      {
        title: 'T', url: 'https://t.example', baseUrl: '/',
        presets: [['classic', { docs: { remarkPlugins: [own, stub], rehypePlugins: [[own, { a: 1 }]] }, pages: { beforeDefaultRemarkPlugins: [own] } }]],
        plugins: [['@docusaurus/plugin-content-docs', { id: 'api', path: 'api', remarkPlugins: [own] }]],
      },
      'docusaurus.config.js',
    );
    const shown = Object.fromEntries(Object.entries(mapped.sitePlugins ?? {}).map(([area, kinds]) => [area, Object.fromEntries(Object.entries(kinds).map(([kind, list]) => [kind, (list as { name: string; configKey: string; options?: unknown }[]).map((p) => `${p.name} ${p.configKey} ${JSON.stringify(p.options)}`)]))]));
    // The second docs instance's listing of the same plugin is the same plugin: it runs once on docs.
    expect(shown).toEqual({
      docs: { beforeRemark: [], remark: ['remarkOwn presets.0.1.docs.remarkPlugins.0 undefined'], beforeRehype: [], rehype: ['remarkOwn presets.0.1.docs.rehypePlugins.0 {"a":1}'] },
      pages: { beforeRemark: ['remarkOwn presets.0.1.pages.beforeDefaultRemarkPlugins.0 undefined'], remark: [], beforeRehype: [], rehype: [] },
    });
    expect(mapped.warnings.map((w) => w.message)).toEqual(['The remark plugin "remark-emoji" (presets[0][1].docs.remarkPlugins[1]) is not run here: what it changes in pages is left out.']);
    expect(JSON.stringify(mapped.input)).not.toMatch(/sitePlugins/);
  });
});
