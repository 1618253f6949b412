import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDevSite } from '../helpers/devSite.ts';
import { ROOT } from '../helpers/cli.ts';

const devSite = useDevSite({
  'site.config.ts': 'export default { title: "T", trailingSlash: true, paths: { pages: "src/pages" } };\n',
  'docs/intro.mdx': "---\nslug: /\n---\nimport Badge from '@site/src/components/Badge';\n\n<Badge text=\"first\" />\n",
  'docs/other.md': '---\ntitle: Other\n---\nNo component.\n',
  'src/pages/hello.jsx': "import Layout from '@theme/Layout';\nexport default function Hello() {\n  return <Layout title=\"Hello\"><p>hello v1</p></Layout>;\n}\n",
  'src/components/Badge.jsx': 'export default function Badge({ text }) {\n  return <strong>badge v1: {text}</strong>;\n}\n',
}, 'unit-test-components');
const { site } = devSite;

const html = async (file: string) => String((await devSite.dev.output(file))?.body);

describe('DevSite with site components', () => {
  it('renders a component content imports, and renders it again when its file changes', async () => {
    expect(devSite.dev.diagnostics).toEqual([]);
    expect(await html('index.html')).toContain('<strong>badge v1: <!-- -->first</strong>');
    const file = path.join(site, 'src/components/Badge.jsx');
    fs.writeFileSync(file, 'export default function Badge({ text }) {\n  return <strong>badge v2: {text}</strong>;\n}\n');
    const result = await devSite.dev.apply([{ kind: devSite.dev.watchTargets(ROOT).find((t) => file.startsWith(t.path + path.sep))!.kind, path: file }]);
    expect(result).toMatchObject({ applied: true, reload: true });
    expect(await html('index.html')).toContain('<strong>badge v2: <!-- -->first</strong>');
  });

  it('bundles a component a page starts to import, and reports one that does not compile without losing the pages', async () => {
    fs.writeFileSync(path.join(site, 'src/components/Note.jsx'), 'export default function Note() {\n  return <em>a note</em>;\n}\n');
    fs.writeFileSync(path.join(site, 'docs/other.md'), "---\ntitle: Other\n---\nimport Note from '@site/src/components/Note';\n\n<Note />\n");
    const added = await devSite.dev.apply([{ kind: 'content', path: path.join(site, 'docs/other.md') }]);
    expect(added.applied).toBe(true);
    expect(await html('other/index.html')).toContain('<em>a note</em>');
    const script = /<script type="module" src="([^"]+)"/.exec(await html('other/index.html'))![1]!;
    // The new bundle's loaders know the component: its island can hydrate.
    expect(Buffer.from((await devSite.dev.output(script.slice(1)))!.body).toString()).toContain('src/components/Note#default');
    const file = path.join(site, 'src/components/Note.jsx');
    fs.writeFileSync(file, 'export default function Note() {\n  return <em>a note</p>;\n}\n');
    // A component content imports that does not compile is a warning (#12): the page shows the element's children (none here).
    const broken = await devSite.dev.apply([{ kind: 'code', path: file }]);
    expect(broken.applied).toBe(true);
    expect(broken.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.code}`)).toEqual(['src/components/Note.jsx:2 warning site-code-failed', 'docs/other.md:4 warning mdx-site-component-failed']);
    expect(await html('other/index.html')).not.toContain('a note');
    expect(await html('other/index.html')).toContain('<title>Other');
    fs.writeFileSync(file, 'export default function Note() {\n  return <em>a note, fixed</em>;\n}\n');
    const fixed = await devSite.dev.apply([{ kind: 'code', path: file }]);
    expect([fixed.applied, fixed.diagnostics]).toEqual([true, []]);
    expect(await html('other/index.html')).toContain('<em>a note, fixed</em>');
  });

  it('renders a React page, and again when it changes (the watcher calls the pages folder content: it is code all the same)', async () => {
    expect(await html('hello/index.html')).toContain('<p>hello v1</p>');
    expect(await html('hello/index.html')).toContain('<title>Hello | T</title>');
    const file = path.join(site, 'src/pages/hello.jsx');
    fs.writeFileSync(file, "import Layout from '@theme/Layout';\nexport default function Hello() {\n  return <Layout title=\"Hello\"><p>hello v2</p></Layout>;\n}\n");
    const result = await devSite.dev.apply([{ kind: 'content', path: file }]);
    expect(result).toMatchObject({ applied: true, reload: true });
    expect(await html('hello/index.html')).toContain('<p>hello v2</p>');
  });
});
