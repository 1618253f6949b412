import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDev, stopDev } from '../helpers/devServer.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** Polls `url` until it answers `status`, for at most `ms`; the last status it gave. */
async function statusOf(url: string, status: number, ms = 10_000): Promise<number> {
  const until = Date.now() + ms;
  let last = 0;
  while (Date.now() < until) {
    last = (await fetch(url)).status;
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

/** Polls `read` until what it gives holds `text`, for at most `ms`; the last it gave. */
async function until(read: () => string | Promise<string>, text: string, ms = 10_000): Promise<string> {
  const end = Date.now() + ms;
  let last = '';
  while (Date.now() < end && !last.includes(text)) {
    last = await read();
    if (!last.includes(text)) await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

/** Polls the page until it holds `text`, for at most 10 s; the last HTML. */
const pageWith = (url: string, text: string) => until(async () => (await fetch(url)).text(), text);

describe('dev, when a watched folder is removed and comes back (a branch switch, a git stash)', () => {
  const dir = writeTempSite({ 'docs/intro.md': '# Intro\n', 'docs/b.md': '# B\n' });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sees the folder again: its pages, and every later save in it', async () => {
    const { url, child } = await startDev(dir);
    try {
      expect(await statusOf(`${url}/b/`, 200)).toBe(200);
      const docs = path.join(dir, 'docs');
      fs.renameSync(docs, `${docs}-away`);
      expect(await statusOf(`${url}/b/`, 404)).toBe(404);
      // Back, with a page added while it was away: chokidar watched it no more.
      fs.writeFileSync(path.join(`${docs}-away`, 'c.md'), '# C\n');
      fs.renameSync(`${docs}-away`, docs);
      expect(await statusOf(`${url}/c/`, 200)).toBe(200);
      fs.writeFileSync(path.join(docs, 'd.md'), '# D\n');
      expect(await statusOf(`${url}/d/`, 200)).toBe(200);
      // Removed and made anew.
      fs.rmSync(docs, { recursive: true });
      expect(await statusOf(`${url}/d/`, 404)).toBe(404);
      fs.mkdirSync(docs);
      fs.writeFileSync(path.join(docs, 'e.md'), '# E\n');
      expect(await statusOf(`${url}/e/`, 200)).toBe(200);
      fs.writeFileSync(path.join(docs, 'f.md'), '# F\n');
      expect(await statusOf(`${url}/f/`, 200)).toBe(200);
    } finally {
      await stopDev(child);
    }
  });
});

describe('dev, when links appear in a watched folder', () => {
  const dir = writeTempSite({ 'docs/intro.md': '# Intro\n', 'docs/b.md': '# B\n' });
  const outside = writeTempSite(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`notes/n${i}.md`, `# Outside ${i}\n`])));
  afterAll(() => {
    for (const d of [dir, outside]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('neither goes round a loop nor into a folder outside the site, and later saves still show', async () => {
    const { url, child, output } = await startDev(dir);
    try {
      fs.symlinkSync('..', path.join(dir, 'docs/loop'));
      fs.symlinkSync(path.join(outside, 'notes'), path.join(dir, 'docs/outside'));
      fs.writeFileSync(path.join(dir, 'docs/c.md'), '# C\n');
      expect(await statusOf(`${url}/c/`, 200)).toBe(200);
      expect(await statusOf(`${url}/outside/n1/`, 404)).toBe(404);
      fs.writeFileSync(path.join(dir, 'docs/d.md'), '# D\n');
      expect(await statusOf(`${url}/d/`, 200)).toBe(200);
      // The scan's words for each link, as the build's; not the watcher's ELOOP, and nothing read from the outside folder.
      expect(output()).toContain('docs/loop is a symbolic link to a folder it is itself in');
      expect(output()).toContain('docs/outside is a symbolic link to');
      expect(output()).not.toContain('ELOOP');
      expect(output()).not.toContain('n1.md');
    } finally {
      await stopDev(child);
    }
  });
});


describe('dev, with a link to a folder inside the site', () => {
  const dir = writeTempSite({ 'docs/intro.md': '# Intro\n', 'shared/s.md': '# Shared\n' });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('shows saves made where the link leads, at the pages the link gives them', async () => {
    fs.symlinkSync('../shared', path.join(dir, 'docs/shared'));
    const { url, child } = await startDev(dir);
    try {
      expect(await (await fetch(`${url}/shared/s/`)).text()).toContain('<h1>Shared</h1>');
      fs.writeFileSync(path.join(dir, 'shared/s.md'), '# Shared, edited\n');
      expect(await pageWith(`${url}/shared/s/`, '<h1>Shared, edited</h1>')).toContain('<h1>Shared, edited</h1>');
      fs.writeFileSync(path.join(dir, 'shared/t.md'), '# T\n');
      expect(await statusOf(`${url}/shared/t/`, 200)).toBe(200);
    } finally {
      await stopDev(child);
    }
  });
});

describe('dev, with files pages import from outside the watched folders', () => {
  const dir = writeTempSite({
    'docs/intro.mdx': "import Example from '!!raw-loader!@site/snippets/example.js';\nimport Shared from '@site/snippets/_shared.md';\n\n# Intro\n\n<pre>{Example}</pre>\n\n<Shared />\n",
    'snippets/example.js': 'const first = 1;\n',
    'snippets/_shared.md': 'Shared text one.\n',
    'snippets/other.js': 'const other = 3;\n',
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('shows a save of a raw file or a partial there, and a raw file a save newly imports', async () => {
    const { url, child } = await startDev(dir);
    try {
      expect(await pageWith(`${url}/intro/`, 'const first = 1;')).toContain('Shared text one.');
      fs.writeFileSync(path.join(dir, 'snippets/example.js'), 'const second = 2;\n');
      expect(await pageWith(`${url}/intro/`, 'const second = 2;')).toContain('const second = 2;');
      fs.writeFileSync(path.join(dir, 'snippets/_shared.md'), 'Shared text two.\n');
      expect(await pageWith(`${url}/intro/`, 'Shared text two.')).toContain('Shared text two.');
      // A body edit that imports another file: the page is patched, and the new file's text is there.
      fs.writeFileSync(path.join(dir, 'docs/intro.mdx'), "import Example from '!!raw-loader!@site/snippets/other.js';\n\n# Intro\n\n<pre>{Example}</pre>\n");
      expect(await pageWith(`${url}/intro/`, 'const other = 3;')).toContain('const other = 3;');
    } finally {
      await stopDev(child);
    }
  });
});

describe("dev, when a save brings the site's code that never ends", () => {
  const dir = writeTempSite({
    'site.config.ts': "export default { title: 'Before' };\n",
    'docs/intro.md': '# Intro\n',
    'docs/loop.mdx': "import Again from '@site/src/components/Again';\n\n# Loop\n\n<Again />\n",
    'src/components/Again.jsx': 'export default function Again() {\n  return <p>first version</p>;\n}\n',
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Polls dev's output until it holds `text`, for at most 15 s. */
  const said = (output: () => string, text: string) => until(output, text, 15_000);

  it('stops that rebuild at the file, keeps serving the last good pages, and takes the fix', async () => {
    // The limit is 15 s; the test waits 2.
    const { url, child, output } = await startDev(dir, 30_000, { SITE_TASK_LIMIT_MS: '2000' });
    try {
      expect(await pageWith(`${url}/loop/`, 'first version')).toContain('first version');
      // A component that renders itself: dev ended, with the page named.
      fs.writeFileSync(path.join(dir, 'src/components/Again.jsx'), 'export default function Again() {\n  return <div><Again /></div>;\n}\n');
      // The problem is printed, then the rebuild's line.
      expect(await said(output, 'still serving the last good pages')).toContain('docs/loop.mdx: Rendering /loop/ ran for 2 s without finishing, so this rebuild was stopped.');
      expect(child.exitCode).toBe(null);
      expect(await (await fetch(`${url}/loop/`)).text()).toContain('first version');
      fs.writeFileSync(path.join(dir, 'src/components/Again.jsx'), 'export default function Again() {\n  return <p>fixed version</p>;\n}\n');
      expect(await pageWith(`${url}/loop/`, 'fixed version')).toContain('fixed version');

      // A config awaiting what never comes: the thread is free, and must not be cut short as a busy one is.
      fs.writeFileSync(path.join(dir, 'site.config.ts'), "await new Promise(() => {});\nexport default { title: 'Never' };\n");
      expect(await said(output, 'site.config.ts: Loading the site config ran for 2 s without finishing, so this rebuild was stopped.')).toBeTruthy();
      fs.writeFileSync(path.join(dir, 'site.config.ts'), "export default { title: 'After' };\n");
      expect(await pageWith(`${url}/intro/`, 'After')).toMatch(/<title>[^<]*After/);
      expect(child.exitCode).toBe(null);
    } finally {
      await stopDev(child);
    }
  });
});
