import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { loadAuthors, loadCategory } from '../../cli/content/loadMeta.ts';
import { decodeText } from '../../cli/content/decodeText.ts';
import { formatDiagnostic, type Diagnostic } from '../../cli/report/diagnostic.ts';
import { graphOf, writeTempSite } from '../helpers/memorySite.ts';
import { ROOT, runCli } from '../helpers/cli.ts';
import { RACY_MS } from '../../cli/content/knownFiles.ts';

const doc = (text: string, file = 'docs/page.md') => loadDocument({ area: file.startsWith('blog/') ? 'blog' : 'docs', relPath: file.replace(/^(docs|blog)\//, ''), file, text });
const shown = (list: Diagnostic[]) => list.map(formatDiagnostic);

const temps: string[] = [];
const tempSite = (files: Record<string, string | Uint8Array>) => {
  const dir = writeTempSite({});
  for (const [file, contents] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), contents);
  }
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe('dates', () => {
  it('reports a front matter date that is not a date at the line of its key', () => {
    const d = doc('---\ntitle: Post\ndate: notadate\n---\nText.\n', 'blog/post.md');
    expect(shown(d.diagnostics)).toEqual([
      'blog/post.md:3:1: Front matter "date" is not a real date; found "notadate".\n  Write the date as YYYY-MM-DD (for example 2024-03-15) or as an ISO 8601 date-time (2024-03-15T10:00:00Z).',
    ]);
    expect(d.frontMatter.date).toBeUndefined();
  });

  it('reports a date-time whose time of day does not exist, which YAML would roll over to the next day', () => {
    for (const written of ['2024-01-01T25:00:00Z', '2024-01-01 23:60', '2024-01-01t10:00:61Z']) {
      const d = doc(`---\ntitle: Post\ndate: ${written}\n---\nText.\n`, 'blog/post.md');
      expect({ written, found: d.diagnostics.map((x) => [x.code, x.line]) }).toEqual({ written, found: [['invalid-date', 3]] });
    }
    for (const written of ['2024-01-01T23:59:59Z', '2024-01-01 10:30:00', '2024-01-01T00:00:00.5+02:00', '2024-01-01']) {
      expect(doc(`---\ntitle: Post\ndate: ${written}\n---\nText.\n`, 'blog/post.md').diagnostics).toEqual([]);
    }
  });

  it('reports a nested last_update.date at its own line, block or flow style', () => {
    expect(doc('---\ntitle: A\nlast_update:\n  author: me\n  date: garbage\n---\nText.\n').diagnostics.map((x) => [x.code, x.line])).toEqual([['invalid-date', 5]]);
    expect(doc('---\nlast_update: {date: garbage}\n---\nText.\n').diagnostics.map((x) => [x.code, x.line])).toEqual([['invalid-date', 2]]);
  });

  it('reports calendar dates that do not exist, which YAML would roll over silently', () => {
    expect(doc('---\ndate: 2024-13-45\n---\nText.\n', 'blog/x.md').diagnostics.map((x) => x.message)).toEqual(['Front matter "date" is not a real date; found "2024-13-45".']);
    // A value of the wrong kind says what to write too.
    expect(doc('---\ndate:\n---\nText.\n', 'blog/x.md').diagnostics.map((x) => `${x.line} ${x.message} | ${x.hint}`)).toEqual([
      '2 Front matter "date" must be string or date; found null. | Write the date as YYYY-MM-DD (for example 2024-03-15) or as an ISO 8601 date-time (2024-03-15T10:00:00Z), or remove "date".',
    ]);
    expect(doc('---\nsidebar_position: [1]\n---\nText.\n').diagnostics[0]!.hint).toBe('Correct the value of "sidebar_position" in the front matter, or remove the key to use the default.');
    expect(doc('---\ndate: 2024-02-29\nlast_update:\n  date: 2024-03-01T10:00:00Z\n---\nText.\n', 'blog/x.md').diagnostics).toEqual([]);
    // A month with no day 30 or 31 (or 29) has no hour 25 either: an error.
    expect(doc('---\ndate: 2023-04-31 25:00\n---\nText.\n', 'blog/x.md').diagnostics.map((x) => x.severity)).toEqual(['error']);
  });

  it("reads a day past its month's end as Docusaurus does, the days after, with a warning: babel's blog dates two posts 2017-02-29, and failed", () => {
    for (const written of ['2017-02-29 11:00:00', '"2017-02-29 11:00:00"']) {
      const d = doc(`---\ntitle: Upgrade\ndate: ${written}\n---\nText.\n`, 'blog/x.md');
      expect(d.diagnostics.map((x) => `${x.severity} ${x.line} ${x.message}`)).toEqual(['warning 3 Front matter "date" names a day its month does not have; found "2017-02-29 11:00:00", read as 2017-03-01, as Docusaurus reads it.']);
      expect(new Date(d.frontMatter.date as string | Date).toISOString()).toBe('2017-03-01T11:00:00.000Z');
    }
  });

  it('reports a blog file name whose date prefix is not a real day; other names simply have no date', async () => {
    const { diagnostics } = await graphOf({ 'blog/2024-13-45-x.md': '# X\n', 'blog/2024-1-5-y.md': '# Y\n', 'blog/2024-01-05-z.md': '# Z\n' });
    expect(diagnostics).toEqual(['blog/2024-13-45-x.md:: The file name starts with the date 2024-13-45, which is not a real date, so the post can be neither dated nor given its /YYYY/MM/DD/ address.']);
  });

  it('fails check and build alike, with the file and line', () => {
    const dir = tempSite({
      'docs/intro.md': '---\nlast_update:\n  date: garbage\n---\n# Intro\n',
      'blog/2024-13-45-x.md': '# X\n',
      'blog/post.md': '---\ndate: notadate\n---\n# Post\n',
    });
    for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
      const result = runCli(command);
      expect(result.code).toBe(1);
      const output = result.stdout + result.stderr;
      expect(output).toContain('docs/intro.md:3:1: Front matter "last_update.date" is not a real date; found "garbage".');
      expect(output).toContain('blog/post.md:2:1: Front matter "date" is not a real date; found "notadate".');
      expect(output).toContain('blog/2024-13-45-x.md: The file name starts with the date 2024-13-45');
      expect(output).not.toContain('Invalid time value');
    }
  });
});

describe('text encodings', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const utf16 = (s: string, bigEndian: boolean) => {
    const out = new Uint8Array(2 + s.length * 2);
    out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      out[2 + i * 2] = bigEndian ? c >> 8 : c & 0xff;
      out[3 + i * 2] = bigEndian ? c & 0xff : c >> 8;
    }
    return out;
  };

  it('reads UTF-8 with or without a byte order mark, and UTF-16 with one, as the same text', () => {
    const text = '# Café\n\nÜber naïve façade — ✓ 日本語 🎉\n';
    expect(decodeText(utf8(text), 'a.md')).toEqual({ ok: true, text });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]), 'a.md')).toEqual({ ok: true, text });
    expect(decodeText(utf16(text, false), 'a.md')).toEqual({ ok: true, text });
    expect(decodeText(utf16(text, true), 'a.md')).toEqual({ ok: true, text });
  });

  it('reads CRLF and lone CR line endings as LF, in UTF-8 and UTF-16, and counts lines by them in errors', () => {
    const text = '# Café\n\n- a\n- b\n\n```\ncode\n```\n';
    for (const ending of ['\r\n', '\r']) {
      const windows = text.replace(/\n/g, ending);
      expect(decodeText(utf8(windows), 'a.md')).toEqual({ ok: true, text });
      expect(decodeText(utf16(windows, true), 'a.md')).toEqual({ ok: true, text });
      const bad = new Uint8Array([...utf8(`a${ending}b${ending}Caf`), 0xe9]);
      expect(decodeText(bad, 'a.md')).toMatchObject({ ok: false, diagnostic: { line: 3, column: 4 } });
      expect(decodeText(utf8(`a${ending}b${ending}x\u0001`), 'a.md')).toMatchObject({ ok: false, diagnostic: { line: 3, column: 2 } });
    }
  });

  it('rejects Latin-1 at the line and column of the first bad byte', () => {
    const latin1 = new Uint8Array([...utf8('# Title\n\nCaf'), 0xe9, ...utf8(' au lait\n')]);
    const result = decodeText(latin1, 'docs/latin1.md');
    expect(result.ok).toBe(false);
    expect(!result.ok && formatDiagnostic(result.diagnostic)).toBe(
      'docs/latin1.md:3:4: The file is not UTF-8 text: byte 0xE9 here is not valid UTF-8, so readers would see "\uFFFD" in place of the text.\n  Save the file as UTF-8 (in most editors: "Save with Encoding" → UTF-8). Latin-1 and Windows-1252 files are the usual cause.',
    );
  });

  it('rejects overlong forms, surrogates and truncated sequences', () => {
    for (const bytes of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf5, 0x80, 0x80, 0x80], [0x80]]) {
      expect(decodeText(new Uint8Array([0x61, ...bytes]), 'x.md')).toMatchObject({ ok: false, diagnostic: { code: 'file-encoding', line: 1, column: 2 } });
    }
  });

  it('rejects binary files (NUL and other control bytes), and UTF-16 without a byte order mark', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(decodeText(png, 'docs/img.md')).toMatchObject({ ok: false, diagnostic: { file: 'docs/img.md', line: 1 } });
    expect(decodeText(utf8('# A\n\nText\u0000more\n'), 'docs/nul.md')).toMatchObject({ ok: false, diagnostic: { code: 'binary-file', line: 3, column: 5 } });
    const noBom = utf16('# Title\n', false).subarray(2);
    expect(decodeText(noBom, 'docs/u16.md')).toMatchObject({ ok: false, diagnostic: { code: 'binary-file' } });
  });

  it('fails check and build naming each bad file, for Markdown, category files and authors.yml', () => {
    const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
    const dir = tempSite({
      'docs/intro.md': '# Intro\n',
      'docs/latin.md': latin1('# Caf\u00e9\n'),
      'docs/guide/_category_.yml': latin1('label: Gu\u00efde\n'),
      'blog/authors.yml': latin1('jo:\n  name: Jos\u00e9\n'),
      'docs/bin.md': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
      'docs/utf16.md': utf16('# Wide\n\nÜber.\n', false),
    });
    for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
      const result = runCli(command);
      const output = result.stdout + result.stderr;
      expect(result.code).toBe(1);
      expect(output).toContain('docs/latin.md:1:6: The file is not UTF-8 text: byte 0xE9');
      expect(output).toContain('docs/guide/_category_.yml:1:10: The file is not UTF-8 text: byte 0xEF');
      expect(output).toContain('blog/authors.yml:2:12: The file is not UTF-8 text: byte 0xE9');
      expect(output).toContain('docs/bin.md:1:1: The file is not UTF-8 text: byte 0x89');
      expect(output).not.toContain('utf16.md');
      expect(output).toContain('4 errors in 4 files');
    }
  });
});

describe('content files over markdown.maxFileSize', () => {
  const table = (bytes: number) => '| Name | Value |\n|---|---|\n' + '| name | `value` |\n'.repeat(Math.ceil(bytes / 19));

  it('are refused at once by check and build, named with the way on; smaller ones build', () => {
    // 40 MB: parsing it would take minutes and several GB (a 2 MB table took 10-20 s and 1.2 GB).
    const dir = tempSite({ 'docs/intro.md': '# Intro\n', 'docs/huge.md': table(40 * 1024 * 1024), 'blog/authors.yml': 'jo:\n  name: ' + 'J'.repeat(1_100_000) + '\n', 'docs/fine.md': table(300_000) });
    for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
      const started = performance.now();
      const result = runCli(command);
      const output = result.stdout + result.stderr;
      expect(result.code).toBe(1);
      expect(output).toContain('docs/huge.md:1:1: The file is 40.00 MB, over the 1 MB a content file may be (markdown.maxFileSize).');
      expect(output).toContain('Split it into several pages (one per section, version or year), or raise the limit: markdown.maxFileSize in site.config.ts, or --max-file-size 41mb on the command line.');
      expect(output).toContain('blog/authors.yml:1:1: The file is 1.05 MB');
      expect(output).not.toContain('fine.md');
      expect(output).toContain('2 errors in 2 files');
      expect((performance.now() - started) / 1000).toBeLessThan(30);
    }
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  }, 120_000);

  it('is set by markdown.maxFileSize or --max-file-size, which wins', () => {
    const dir = tempSite({ 'site.config.ts': "export default { title: 'T', markdown: { maxFileSize: 2048 } };\n", 'docs/intro.md': '# Intro\n', 'docs/page.md': table(3_000) });
    const limited = runCli(['check', dir]);
    expect(limited.code).toBe(1);
    expect(limited.stdout + limited.stderr).toContain('docs/page.md:1:1: The file is 2.96 KB, over the 2 KB a content file may be (markdown.maxFileSize).');
    expect(runCli(['check', dir, '--max-file-size', '4kb']).code).toBe(0);
    const usage = runCli(['check', dir, '--max-file-size', 'lots']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("argument 'lots' is invalid. must be a size such as 4mb, 512kb or 2000000 (bytes).");
  });
});

describe('control characters written as escapes in YAML or JSON', () => {
  it('are an error at the line of their key, in front matter, nested or not; tabs and line breaks are text', () => {
    const d = doc('---\ntitle: "Post \\a bell"\n---\nText.\n');
    expect(shown(d.diagnostics)).toEqual([
      'docs/page.md:2:1: The front matter gives "title" the control character U+0007 (written as an escape, such as "\\u0007"), which no text shows: readers would see garbage, and the RSS and Atom feeds would not be XML.\n  Remove the escape from the value.',
    ]);
    const nested = doc('---\ntitle: T\nlast_update:\n  date: 2024-01-02\n  author: "Jo\\u0000"\n---\nText.\n');
    expect(nested.diagnostics.map((x) => [x.code, x.line])).toEqual([['control-character', 5]]);
    expect(nested.diagnostics[0]!.message).toContain('The front matter gives "last_update.author" the control character U+0000');
    const listed = doc('---\ntags: [a, "b\\x1b[31m"]\n---\nText.\n').diagnostics;
    expect(listed.map((x) => x.line)).toEqual([2]);
    expect(listed[0]!.message).toContain('The front matter gives "tags.1" the control character U+001B');
    expect(doc('---\ntitle: "Tab\\there"\ndescription: "Two\\nlines\\r"\n---\nText.\n').diagnostics).toEqual([]);
  });

  it('are an error in authors, category and tags files, YAML or JSON', () => {
    const authors = loadAuthors({ area: 'blog', relPath: 'authors.yml', file: 'blog/authors.yml', text: 'jo:\n  name: Jo\nal:\n  name: "Al\\u0001"\n' });
    expect(authors.diagnostics.map((x) => [x.file, x.line, x.code])).toEqual([['blog/authors.yml', 4, 'control-character']]);
    expect(authors.diagnostics[0]!.message).toContain('This file gives "al.name" the control character U+0001');
    const category = loadCategory({ area: 'docs', relPath: 'g/_category_.json', file: 'docs/g/_category_.json', text: '{\n  "position": 2,\n  "label": "G\\u000c"\n}\n' });
    expect(category.diagnostics.map((x) => [x.line, x.code])).toEqual([[3, 'control-character']]);
  });
});

describe('pages over markdown.maxNodes', () => {
  const items = (count: number) => Array.from({ length: count }, (_, i) => `- item ${i + 1}\n`).join('');

  it('are refused after parsing, at the node where they pass the limit, with nothing of them kept', () => {
    const text = '---\ntitle: T\n---\n' + items(30);
    // The list, then per item: the item, its paragraph, its text; the 51st node is item 17's paragraph.
    const refused = loadDocument({ area: 'docs', relPath: 'page.md', file: 'docs/page.md', text, maxNodes: 50 });
    expect(shown(refused.diagnostics)).toEqual([
      'docs/page.md:20:3: The page has 91 Markdown nodes (paragraphs, list items, table cells, links, runs of text), over the 50 a page may have (markdown.maxNodes); it passes the limit here. A page that dense takes seconds to build, and a browser to draw.\n  Split it into several pages, or raise the limit: markdown.maxNodes in site.config.ts (10,000 would take this page).',
    ]);
    expect(refused.content.children).toEqual([]);
    expect(refused.nodes).toBe(91);
    const taken = loadDocument({ area: 'docs', relPath: 'page.md', file: 'docs/page.md', text, maxNodes: 91 });
    expect(taken.diagnostics).toEqual([]);
    expect(taken.nodes).toBe(91);
  });

  it('fail check and build by default past 150,000 nodes, and build once the limit is raised', () => {
    // 54,000 items, 216 KB: 162,001 nodes.
    const dir = tempSite({ 'docs/intro.md': '# Intro\n', 'docs/dense.md': items(54_000) });
    for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
      const result = runCli(command);
      const output = result.stdout + result.stderr;
      expect(result.code).toBe(1);
      expect(output).toContain('docs/dense.md:50000:3: The page has 162,001 Markdown nodes');
      expect(output).toContain('over the 150,000 a page may have (markdown.maxNodes)');
      expect(output).toContain('(170,000 would take this page)');
    }
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
    fs.writeFileSync(path.join(dir, 'site.config.ts'), "export default { title: 'T', markdown: { maxNodes: 170_000 } };\n");
    expect(runCli(['check', dir]).code).toBe(0);
  }, 60_000);

  it('are never taken from the document cache past the limit of the day: raised, the page builds; lowered again, it is refused', () => {
    const dir = tempSite({ 'docs/intro.md': '# Intro\n', 'docs/page.md': items(30) });
    const created = Date.now();
    const limit = (maxNodes: number) => fs.writeFileSync(path.join(dir, 'site.config.ts'), `export default { title: 'T', markdown: { maxNodes: ${maxNodes} } };\n`);
    limit(50);
    const refused = runCli(['check', dir]);
    expect(refused.stdout + refused.stderr).toContain('docs/page.md:17:3: The page has 91 Markdown nodes');
    limit(100);
    expect(runCli(['check', dir]).code).toBe(0);
    limit(50);
    const again = runCli(['check', dir]);
    expect(again.code).toBe(1);
    expect(again.stdout + again.stderr).toContain('docs/page.md:17:3: The page has 91 Markdown nodes');
    // A build finds an unchanged file's document by the stamp it recorded (knownFiles.ts), once
    // the file is older than RACY_MS (its ctime, which no tool sets back).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, created + RACY_MS + 100 - Date.now()));
    const build = () => runCli(['build', dir, '--out-dir', path.join(dir, 'out')]);
    limit(100);
    expect(build().code).toBe(0);
    expect(build().code).toBe(0);
    limit(50);
    const lowered = build();
    expect(lowered.code).toBe(1);
    expect(lowered.stdout + lowered.stderr).toContain('docs/page.md:17:3: The page has 91 Markdown nodes');
  }, 60_000);

  it('hold for a partial an MDX page imports, as for a page', () => {
    const dir = tempSite({ 'docs/intro.mdx': "---\nslug: /\n---\nimport Part from './_part.md';\n\n<Part />\n", 'docs/_part.md': items(30) });
    const limit = (maxNodes: number) => fs.writeFileSync(path.join(dir, 'site.config.ts'), `export default { title: 'T', markdown: { maxNodes: ${maxNodes} } };\n`);
    limit(50);
    const refused = runCli(['check', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('docs/_part.md:17:3: The page has 91 Markdown nodes');
    limit(100);
    expect(runCli(['check', dir]).code).toBe(0);
  }, 60_000);
});

describe('YAML errors point at the mistake', () => {
  it('front matter: an unclosed [ is reported where it opens, not where YAML gave up', () => {
    const d = doc('---\ntitle: A\ntags: [a, b\ndescription: x\nother: y\n---\nBody.\n');
    expect(d.diagnostics.map((x) => [x.code, x.line, x.column])).toEqual([['front-matter-syntax', 3, 7]]);
    expect(d.diagnostics[0]!.message).toContain('the [ here is never closed with ]');
  });

  it('front matter: an unclosed quote likewise; other errors stay where YAML puts them', () => {
    expect(doc('---\ntitle: "Unclosed\nslug: x\n---\nBody.\n').diagnostics.map((x) => [x.line, x.column])).toEqual([[2, 8]]);
    expect(doc('---\ntitle: A\nslug: b: c\n---\nBody.\n').diagnostics.map((x) => x.line)).toEqual([3]);
  });

  it('category and authors files: the opener line, with messages from the catalogue', () => {
    const category = loadCategory({ area: 'docs', relPath: 'g/_category_.yml', file: 'docs/g/_category_.yml', text: 'label: G\nlink: {type: doc, id: x\nposition: 2\n' });
    expect(shown(category.diagnostics)).toEqual([
      'docs/g/_category_.yml:2:7: YAML syntax error: missed comma between flow collection entries (the { here is never closed with }).\n  Check the indentation, close every [ and {, and quote values that contain ":" or "#".',
    ]);
    const authors = loadAuthors({ area: 'blog', relPath: 'authors.yml', file: 'blog/authors.yml', text: 'jo:\n  name: Jo\nann:\n  title: No name\n' });
    expect(shown(authors.diagnostics)).toEqual([
      'blog/authors.yml:3:1: authors.yml: "ann.name" must be a string; found nothing.\n  Each author needs at least a name: key: { name: "Jane Doe", title: "…", url: "…", image_url: "…" }.',
    ]);
    const json = loadCategory({ area: 'docs', relPath: 'g/_category_.json', file: 'docs/g/_category_.json', text: '{\n  "label": "G",\n  "position": 2,\n}\n' });
    expect(json.diagnostics.map((x) => [x.code, x.line])).toEqual([['data-syntax', 4]]);
    // Errors V8 names no offset for ("Unexpected token '}', …", "Unexpected end of JSON input") are placed too.
    const place = (text: string) => loadCategory({ area: 'docs', relPath: 'g/_category_.json', file: 'docs/g/_category_.json', text }).diagnostics.map((x) => `${x.line}:${x.column}`);
    expect(place('{"label": "G",\n"position": }\n')).toEqual(['2:13']);
    expect(place('{"label": "G",\n  "position": 2\n')).toEqual(['3:1']);
    expect(place('{"label": \'G\'}')).toEqual(['1:11']);
  });
});

describe('YAML or JSON data nested thousands of levels deep', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('is an error where it passes 100 levels, in front matter, YAML and JSON data files alike, not an unclosed bracket', () => {
    const d = doc(`---\ntitle: A\nkeywords: ${deep(20_000)}\n---\nText.\n`);
    expect(shown(d.diagnostics).map((x) => x.split('\n')[0])).toEqual(['docs/page.md:3:110: The front matter cannot be read: it nests more than 100 levels deep here.']);
    const yaml = loadCategory({ area: 'docs', relPath: 'g/_category_.yml', file: 'docs/g/_category_.yml', text: `label: G\ncustomProps:\n  x: ${deep(20_000)}\n` });
    expect(yaml.diagnostics.map((x) => [x.code, x.line])).toEqual([['data-too-deep', 3]]);
    // JSON.parse has no limit of its own: walking 20,000 levels took 2 s before it failed on something else.
    const started = performance.now();
    const json = loadCategory({ area: 'docs', relPath: 'g/_category_.json', file: 'docs/g/_category_.json', text: `{\n  "label": "G",\n  "customProps": {"x": ${deep(20_000)}}\n}\n` });
    expect(shown(json.diagnostics).map((x) => x.split('\n')[0])).toEqual(['docs/g/_category_.json:3:122: This file cannot be read: it nests more than 100 levels deep here.']);
    expect(performance.now() - started).toBeLessThan(500);
    const authors = loadAuthors({ area: 'blog', relPath: 'authors.yml', file: 'blog/authors.yml', text: `jo:\n  name: Jo\n  x: ${deep(20_000)}\n` });
    expect(authors.diagnostics.map((x) => [x.code, x.line])).toEqual([['data-too-deep', 3]]);
  });

  it('reads 100 levels, in YAML and JSON', () => {
    expect(doc(`---\ntitle: A\ncustom: ${deep(99)}\n---\nText.\n`).diagnostics).toEqual([]);
    expect(loadCategory({ area: 'docs', relPath: 'g/_category_.json', file: 'docs/g/_category_.json', text: `{"label": "G", "customProps": {"x": ${deep(98)}}}` }).diagnostics).toEqual([]);
  });
});

describe('an authors.yml that cannot be read', () => {
  it('is the one error: the posts naming its authors are not each another', () => {
    const dir = tempSite({ 'blog/authors.yml': 'jo:\n  name: [Jo\n', 'blog/2024-01-01-p.md': '---\nauthors: jo\n---\nA post.\n', 'blog/2024-01-02-q.md': '---\nauthors: [jo, ann]\n---\nAnother.\n' });
    const result = runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter((line) => /^blog\//.test(line))).toEqual([expect.stringMatching(/^blog\/authors\.yml:2:9: YAML syntax error/)]);
  });
});

describe('YAML aliases that stand for billions of values ("billion laughs")', () => {
  /** Nine lines of lists of aliases: 9^9 values in 300 bytes of YAML. */
  const laughs = (indent = '') => ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]', ...Array.from({ length: 8 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`)].map((line) => indent + line).join('\n');

  it('front matter: refused at the first alias, at once', () => {
    const start = process.cpuUsage();
    const d = doc(`---\ntitle: Bomb\n${laughs()}\nkeywords: *a8\n---\n# Bomb\n`);
    expect(shown(d.diagnostics)).toEqual([
      'docs/page.md:4:10: The front matter cannot be read: its aliases (such as *a0) stand for more than 10,511 values, far more than its text holds, and every step that reads it would repeat them.\n  Write the values out, or alias each value once instead of aliasing lists of aliases.',
    ]);
    const cpu = process.cpuUsage(start);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(2000);
  });

  it('authors, tags and category files likewise; an anchor used a few times is fine', () => {
    const authors = loadAuthors({ area: 'blog', relPath: 'authors.yml', file: 'blog/authors.yml', text: `${laughs()}\njo:\n  name: Jo\n  socials: *a8\n` });
    expect(authors.diagnostics.map((x) => [x.code, x.line, x.column])).toEqual([['yaml-expansion', 2, 10]]);
    const category = loadCategory({ area: 'docs', relPath: 'g/_category_.yml', file: 'docs/g/_category_.yml', text: `label: G\nx:\n${laughs('  ')}\n` });
    expect(category.diagnostics.map((x) => [x.code, x.line, x.column])).toEqual([['yaml-expansion', 4, 12]]);
    const fine = doc('---\ntitle: A\nbase: &base [a, b, c, "*not an alias"]\nkeywords: *base\nother: [*base, *base, *base]\n---\nText.\n');
    expect(fine.diagnostics).toEqual([]);
    expect(fine.frontMatter.keywords).toEqual(['a', 'b', 'c', '*not an alias']);
  });

  it('fails check and build with the place instead of hanging', () => {
    const dir = tempSite({ 'docs/bomb.md': `---\n${laughs()}\nkeywords: *a8\n---\n# Bomb\n`, 'blog/authors.yml': `${laughs()}\njo: {name: Jo, x: *a8}\n` });
    for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
      const result = runCli(command);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('docs/bomb.md:3:10: The front matter cannot be read');
      expect(result.stderr).toContain('blog/authors.yml:2:10: This file cannot be read');
    }
  });
});

describe('addresses that cannot be files', () => {
  const long = 'x'.repeat(300);

  it('a slug, a tag or a file name with a part over 255 bytes, a path over 900, or a control character: an error at the slug line or the tagging file', async () => {
    const { diagnostics } = await graphOf({
      'docs/long.md': `---\ntitle: L\nslug: /${long}\n---\nL.\n`,
      'docs/tagged.md': `---\ntags: [${'t'.repeat(300)}]\n---\nT.\n`,
      'docs/control.md': '---\nslug: "/a\\u0000b"\n---\nC.\n',
      'docs/a\u0001b.md': 'A.\n',
      'blog/2024-01-01-post.md': `---\ntags: [${'t'.repeat(300)}]\n---\nP.\n`,
      'blog/2024-01-02-other.md': `---\nslug: ${'é'.repeat(130)}\n---\nO.\n`,
      'docs/fine.md': `---\nslug: /${'y'.repeat(255)}\n---\nF.\n`,
      // Parts that each fit, in a path that does not: the build failed with ENAMETOOLONG while check passed.
      'docs/deep.md': `---\nslug: /${Array(5).fill('d'.repeat(200)).join('/')}\n---\nD.\n`,
      'docs/deepFine.md': `---\nslug: /${Array(4).fill('f'.repeat(200)).join('/')}\n---\nF.\n`,
    });
    // The graph's own messages have no column; a generated page's has no line.
    expect(diagnostics.sort()).toEqual([
      `blog/2024-01-01-post.md:: The page's address /blog/tags/${'t'.repeat(69)}… cannot be written as a file: its part "${'t'.repeat(40)}…" is 300 bytes long, and file systems take names of at most 255.`,
      `blog/2024-01-02-other.md:2: The page's address /blog/${'%C3%A9'.repeat(12)}%C… cannot be written as a file: its part "${'é'.repeat(40)}…" is 260 bytes long, and file systems take names of at most 255.`,
      'docs/a\u0001b.md:: The page\'s address /a%01b/ cannot be written as a file: its part "a\\u0001b" holds a control character (U+0001).',
      // A slug's is the front matter's to report (what it is written as); a file name's, the address's.
      'docs/control.md:2: The front matter gives "slug" the control character U+0000 (written as an escape, such as "\\u0000"), which no text shows: readers would see garbage, and the RSS and Atom feeds would not be XML.',
      `docs/deep.md:2: The page's address /${'d'.repeat(79)}… cannot be written as a file: its file path is 1015 bytes long, and file systems take paths of at most about 900 bytes within the output folder (macOS takes 1,024, the folder's own path included).`,
      `docs/long.md:3: The page's address /${long.slice(0, 79)}… cannot be written as a file: its part "${long.slice(0, 40)}…" is 300 bytes long, and file systems take names of at most 255.`,
      `docs/tagged.md:: The page's address /tags/${'t'.repeat(74)}… cannot be written as a file: its part "${'t'.repeat(40)}…" is 300 bytes long, and file systems take names of at most 255.`,
    ]);
  });

  it('fails the build with the place instead of a file-system error', () => {
    const dir = tempSite({ 'docs/long.md': `---\nslug: /${long}\n---\n# L\n` });
    const result = runCli(['build', dir, '--out-dir', path.join(dir, 'out')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('docs/long.md:2:1: The page\'s address');
    expect(result.stderr).not.toContain('ENAMETOOLONG');
  });
});

describe('duplicates name every place', () => {
  it('two docs with one id: an error at each id: line, naming the other', async () => {
    const { diagnostics } = await graphOf({
      'docs/guide/a.md': '---\ntitle: A\nid: setup\n---\nA.\n',
      'docs/guide/b.md': '---\nid: setup\n---\nB.\n',
      'docs/guide/c.md': '---\nid: other\n---\nC.\n',
    });
    expect(diagnostics).toEqual([
      'docs/guide/a.md:3: The doc id "guide/setup" is also used by docs/guide/b.md:2; sidebars, the navbar and pagination would silently pick one of them.',
      'docs/guide/b.md:2: The doc id "guide/setup" is also used by docs/guide/a.md:3; sidebars, the navbar and pagination would silently pick one of them.',
    ]);
  });

  it('pages whose files differ only in case or in how an accent is encoded: a warning at the first, naming each', async () => {
    const { diagnostics } = await graphOf({
      'docs/intro.md': 'I.\n',
      'docs/Intro.md': 'Big I.\n',
      'docs/c1.md': '---\nslug: /caf\u00e9\n---\nC.\n',
      'docs/c2.md': '---\nslug: /cafe\u0301\n---\nC.\n',
      'docs/other.md': 'O.\n',
    });
    expect(diagnostics).toEqual([
      'docs/intro.md:: The pages "/intro/ (docs/intro.md)", "/Intro/ (docs/Intro.md)" differ only in upper and lower case, or in how an accent is encoded: built on macOS, whose disks take them for one file (Windows\' too, for case), one page would be written over the other.',
      'docs/c1.md:2: The pages "/caf%C3%A9/ (docs/c1.md)", "/cafe%CC%81/ (docs/c2.md)" differ only in upper and lower case, or in how an accent is encoded: built on macOS, whose disks take them for one file (Windows\' too, for case), one page would be written over the other.',
    ]);
  });

  it('an id that equals another file name is a duplicate too', async () => {
    const { diagnostics } = await graphOf({ 'docs/b.md': 'B.\n', 'docs/a.md': '---\nid: b\n---\nA.\n' });
    expect(diagnostics).toHaveLength(2);
    expect(diagnostics.join('\n')).toContain('docs/a.md:2: The doc id "b" is also used by docs/b.md:1;');
    expect(diagnostics.join('\n')).toContain('docs/b.md:1: The doc id "b" is also used by docs/a.md:2;');
  });

  it('two headings with one {#id}: an error at the second, naming the first line', () => {
    const d = doc('---\ntitle: T\n---\n## One {#same}\n\nText.\n\n## Two {#same}\n\n## Three {#other}\n');
    expect(shown(d.diagnostics)).toEqual([
      'docs/page.md:8:1: The heading id "#same" is already used on this page (line 4); links to #same would always land on the first one.\n  Give one of the headings another id: ## Title {#another-id}.',
    ]);
  });

  it('a duplicate slug names both files at their slug: lines', async () => {
    const { graph } = await graphOf({ 'docs/a.md': '---\ntitle: A\nslug: /same\n---\nA.\n', 'docs/b.md': '---\nslug: /same\n---\nB.\n', 'docs/same.md': 'S.\n' });
    expect(graph.diagnostics.map(formatDiagnostic)).toEqual([
      'docs/a.md:3:1: 3 files claim the route /same/: "docs/a.md:3 (slug)", "docs/b.md:2 (slug)", "docs/same.md".\n  Give all but one a different "slug" in their front matter, or rename the files.',
    ]);
  });
});

describe('config problems point at their line in site.config.ts', () => {
  const config = [
    "import { defineConfig } from './define';", // 1
    '', // 2
    '// A comment with { braces [ and a key: value', // 3
    'export default {', // 4
    "  title: 'T',", // 5
    "  url: 'https://t.example',", // 6
    '  navbar: {', // 7
    '    items: [', // 8
    "      { type: 'doc', docId: 'intro', label: 'A' },", // 9
    "      { type: 'doc', docId: 'intro', label: 'B' },", // 10
    "      { to: '/docs/intro/', label: 'C' },", // 11
    '      {', // 12
    "        type: 'doc',", // 13
    "        docId: 'missing',", // 14
    "        label: 'D',", // 15
    '      },', // 16
    '    ],', // 17
    '  },', // 18
    "  footer: { links: [{ title: 'x', items: [{ label: 'Gone', to: '/nowhere/' }] }] },", // 19
    '};', // 20
  ];

  it('check names the line of navbar.items.3.docId and of a broken footer link', () => {
    const dir = tempSite({ 'site.config.ts': config.join('\n').replace("import { defineConfig } from './define';", ''), 'docs/intro.md': '# Intro\n' });
    const result = runCli(['check', dir]);
    expect(result.code).toBe(1);
    const output = result.stdout + result.stderr;
    expect(output).toContain('site.config.ts:14:1: A navbar item refers to the doc id "missing", which does not exist.');
    expect(output).toContain('site.config.ts:19:1: Broken link to "/nowhere/"');
  });

  it("check names the line of a sidebar's unknown doc id written in site.config.ts, as in a sidebars file", () => {
    const source = ['export default {', "  title: 'T',", '  docs: {', '    sidebars: {', "      main: ['intro', {", "        type: 'category', label: 'Guides',", "        items: ['guides/nope'],", '      }],', '    },', '  },', '};', ''].join('\n');
    const dir = tempSite({ 'site.config.ts': source, 'docs/intro.md': '# Intro\n' });
    const result = runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('site.config.ts:7:1: Sidebar "main" refers to the doc id "guides/nope", which does not exist.');
  });

  it('invalid values and unknown keys at their lines', async () => {
    const { resolveConfig } = await import('../../cli/config/resolve.ts');
    const source = ['export default {', "  title: 'T',", '  navbar: {', '    items: [', "      { label: 'A', position: 'middle' },", '    ],', '    titel: 1,', '  },', '};'].join('\n');
    const result = resolveConfig({ title: 'T', navbar: { items: [{ label: 'A', position: 'middle' }], titel: 1 } }, { siteDir: '/s', configFile: '/s/site.config.ts', source });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.diagnostics.map((d) => `${d.file}:${d.line}: ${d.code}`).sort()).toEqual(['site.config.ts:5: config-invalid', 'site.config.ts:7: config-unknown-key']);
  });
});

describe('a config that awaits a promise nothing resolves', () => {
  it('fails with the file named, where Node ended with exit code 13 and no word', () => {
    const native = tempSite({ 'site.config.ts': "await new Promise(() => {});\nexport default { title: 'T' };\n", 'docs/intro.md': '# Intro\n' });
    const docusaurus = tempSite({ 'docusaurus.config.js': 'module.exports = async () => {\n  await new Promise(() => {});\n  return { title: "T" };\n};\n', 'docs/intro.md': '# Intro\n' });
    for (const [dir, file] of [[native, 'site.config.ts'], [docusaurus, 'docusaurus.config.js']] as const) {
      for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
        const result = runCli(command);
        expect({ file, code: result.code }).toEqual({ file, code: 1 });
        expect(result.stderr).toContain(`${file}: The site config could not be loaded: it awaits a promise that nothing resolves, so it never finishes loading`);
      }
    }
  });
});

describe('a config that calls process.exit while it loads', () => {
  it('fails naming the file, where check exited 0 with nothing checked', () => {
    const native = tempSite({ 'site.config.ts': "process.exit(0);\nexport default { title: 'T' };\n", 'docs/intro.md': '# Intro\n\n[gone](./gone.md)\n' });
    const docusaurus = tempSite({ 'docusaurus.config.js': 'process.exit();\nmodule.exports = { title: "T" };\n', 'docs/intro.md': '# Intro\n' });
    for (const [dir, file, call] of [[native, 'site.config.ts', 'process.exit(0)'], [docusaurus, 'docusaurus.config.js', 'process.exit()']] as const) {
      for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
        const result = runCli(command);
        expect({ file, command: command[0], code: result.code }).toEqual({ file, command: command[0], code: 1 });
        // At the call's line.
        expect(result.stderr).toContain(`${file}:1:9: The site config could not be loaded: it calls ${call} while it loads, which would end the command there`);
      }
    }
  });
});

describe('a config or sidebars file whose code throws as it loads', () => {
  it("is an error at the line that threw, in the file that holds it (one the config imports too), where it named no place", () => {
    const native = tempSite({
      'site.config.ts': "import { titleOf } from './lib/title';\n\nexport default { title: titleOf(process.env) };\n",
      'lib/title.ts': "// The title from the environment.\nexport function titleOf(env: Record<string, string | undefined>): string {\n  return env.SITE_TITLE_THAT_IS_NOT_SET!.trim();\n}\n",
      'docs/intro.md': '# Intro\n',
    });
    const docusaurus = tempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };\n",
      'sidebars.js': "const order = require('./order.json');\n\nmodule.exports = { main: order.map((entry) => entry.id.toLowerCase()) };\n",
      'order.json': '[{ "id": "intro" }, {}]\n',
      'docs/intro.md': '# Intro\n',
    });
    const syntax = tempSite({ 'site.config.ts': "export default {\n  title: 'T',,\n};\n", 'docs/intro.md': '# Intro\n' });
    // A data file a prebuild step downloads, not there: Node's require throws ten frames deep, under the loader's own require.
    const required = tempSite({ 'docusaurus.config.js': "const path = require('node:path');\n\nconst sponsors = require(path.join(__dirname, 'data/sponsors.json'));\nmodule.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', customFields: { sponsors } };\n", 'docs/intro.md': '# Intro\n' });
    // A package that fails fifteen calls deep: the config's line is past V8's ten frames.
    const deep = tempSite({
      'docusaurus.config.js': "const { load } = require('deep-data');\n\nmodule.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', customFields: { data: load(15) } };\n",
      'node_modules/deep-data/package.json': '{ "name": "deep-data", "main": "index.js" }\n',
      'node_modules/deep-data/index.js': "exports.load = function load(n) {\n  if (n === 0) throw new Error('no data here');\n  return [load(n - 1)];\n};\n",
      'docs/intro.md': '# Intro\n',
    });
    const cases = [
      [required, "docusaurus.config.js:3:18: The site config could not be loaded: Cannot find module '"],
      [deep, 'docusaurus.config.js:3:91: The site config could not be loaded: no data here'],
      [native, "lib/title.ts:3:42: The site config could not be loaded: Cannot read properties of undefined (reading 'trim')\n  Its code threw this as it ran: fix that line of lib/title.ts"],
      [docusaurus, "sidebars.js:3:56: The sidebars file could not be loaded: Cannot read properties of undefined (reading 'toLowerCase')\n  Its code threw this as it ran: fix that line of sidebars.js"],
      [syntax, 'site.config.ts:2:14: The site config could not be loaded: Expected identifier but found ","\n  Fix the syntax or the import in site.config.ts.'],
    ] as const;
    for (const [dir, expected] of cases) {
      const result = runCli(['check', dir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(expected);
    }
  });
});

describe("the site's own React code that throws as the build runs it", () => {
  it('is an error at the line that threw, in the component, page or MDX page that holds it, where it named the page or nothing', () => {
    const config = "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: false } }]] };\n";
    const loads = tempSite({ 'docusaurus.config.js': config, 'docs/a.md': '# A\n', 'src/pages/wide.tsx': "import React from 'react';\nconst width = window.innerWidth;\nexport default function Wide() {\n  return <div>{width}</div>;\n}\n" });
    const renders = tempSite({
      'docusaurus.config.js': config,
      'docs/a.mdx': "import Boom from '@site/src/components/Boom';\n\n# A\n\n<Boom />\n",
      'src/components/Boom.tsx': "import React from 'react';\n\nexport default function Boom(): React.ReactElement {\n  throw new Error('boom in component');\n}\n",
    });
    const own = tempSite({
      'docusaurus.config.js': config,
      'docs/b.mdx': "---\ntitle: Two\n---\n\nimport { useState } from 'react';\n\n# Two\n\nSome text.\n\nexport const Counter = () => {\n  const [n] = useState(0);\n  return <b>{n.toFixed(2).missing.length}</b>;\n};\n\n<Counter />\n",
    });
    const page = tempSite({ 'docusaurus.config.js': config, 'docs/a.md': '# A\n', 'src/pages/list.tsx': "import React from 'react';\n\nexport default function List() {\n  const items: number[] | null = null;\n  return <ul>{items!.map((i) => <li key={i}>{i}</li>)}</ul>;\n}\n" });
    // A component whose package fails fifteen calls deep: its own line is past V8's ten frames.
    const deep = tempSite({
      'docusaurus.config.js': config,
      'docs/a.mdx': "import Rates from '@site/src/components/Rates';\n\n# A\n\n<Rates />\n",
      'src/components/Rates.tsx': "import React from 'react';\nimport { rates } from 'deep-rates';\n\nexport default function Rates() {\n  return <b>{rates(15).length}</b>;\n}\n",
      'node_modules/deep-rates/package.json': '{ "name": "deep-rates", "main": "index.js" }\n',
      'node_modules/deep-rates/index.js': "exports.rates = function rates(n) {\n  if (n === 0) throw new Error('no rates today');\n  return [rates(n - 1)];\n};\n",
    });
    // The same package under a React page, which the check renders on its own.
    const deepPage = tempSite({
      'docusaurus.config.js': config,
      'docs/a.md': '# A\n',
      'src/pages/rates.tsx': "import React from 'react';\nimport { rates } from 'deep-rates';\n\nexport default function RatesPage() {\n  return <main>{rates(15).length}</main>;\n}\n",
      'node_modules/deep-rates/package.json': '{ "name": "deep-rates", "main": "index.js" }\n',
      'node_modules/deep-rates/index.js': "exports.rates = function rates(n) {\n  if (n === 0) throw new Error('no rates today');\n  return [rates(n - 1)];\n};\n",
    });
    const cases = [
      [deep, 'src/components/Rates.tsx:5:14: Rendering /docs/a/ failed: no rates today'],
      [deepPage, 'src/pages/rates.tsx:5:17: Rendering /rates/ failed: no rates today'],
      [page, "src/pages/list.tsx:5:22: Rendering /list/ failed: Cannot read properties of null (reading 'map')"],
      [loads, "src/pages/wide.tsx:2:15: The site's own code threw as it loaded for the build's render: window is not defined.\n  The build renders every page ahead of time, where there is no browser"],
      [renders, 'src/components/Boom.tsx:4:9: Rendering /docs/a/ failed: boom in component'],
      [own, "docs/b.mdx:13:27: Rendering /docs/b/ failed: Cannot read properties of undefined (reading 'length')"],
    ] as const;
    for (const [dir, expected] of cases) {
      const result = runCli(['build', dir, '--out-dir', path.join(dir, 'out')]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(expected);
    }
  });
});

describe("a site stylesheet esbuild reads past", () => {
  it('is a warning at its place, in check and build, where it built without a word', () => {
    const dir = tempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: false }, theme: { customCss: './src/css/custom.css' } }]] };\n",
      'docs/a.md': '# A\n',
      'src/css/custom.css': ':root {\n  --ifm-color-primary: #2e8555;\n}\n\n.hero { color: red;\n\n@import url("./late.css");\n',
    });
    for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
      const result = runCli(command);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('src/css/custom.css:8:1: The stylesheet cannot be read here: Expected "}" to go with "{".');
    }
  });
});

describe('a missing stylesheet or client module the config names', () => {
  it('is an error at the line of the key that names it, native config or Docusaurus preset', () => {
    const docusaurus = tempSite({
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'T', url: 'https://x.test', baseUrl: '/',",
        "  clientModules: ['./src/gone.js'],",
        '  presets: [',
        "    ['classic', {",
        '      docs: { sidebarPath: false },',
        "      theme: { customCss: ['./src/css/missing.css', '../outside.css'] },",
        '    }],',
        '  ],',
        '};',
        '',
      ].join('\n'),
      'docs/a.md': '# A\n',
    });
    const native = tempSite({ 'site.config.ts': "export default {\n  title: 'T',\n  customCss: './src/css/missing.css',\n};\n", 'docs/a.md': '# A\n' });
    for (const command of ['check', 'build']) {
      const { code, stderr } = runCli([command, docusaurus, ...(command === 'build' ? ['--out-dir', path.join(docusaurus, 'out')] : [])]);
      expect(code).toBe(1);
      expect(stderr).toContain('docusaurus.config.js:7:1: The stylesheet "./src/css/missing.css" that customCss names does not exist.');
      expect(stderr).toContain('docusaurus.config.js:7:1: The stylesheet "../outside.css" that customCss names does not exist.');
      expect(stderr).toContain('docusaurus.config.js:3:1: The client module "./src/gone.js" that clientModules names does not exist.');
    }
    expect(runCli(['check', native]).stderr).toContain('site.config.ts:3:1: The stylesheet "./src/css/missing.css" that customCss names does not exist.');
  });
});

// Sass is compiled (sassStylesheets.test.ts); Less and Stylus, which other plugins compile, are not.
describe('a Less stylesheet, which docusaurus-plugin-less compiles in Docusaurus', () => {
  it("is an error naming the file and what to do, where esbuild said 'No loader is configured'", () => {
    const dir = tempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', plugins: ['docusaurus-plugin-less'], presets: [['classic', { docs: { sidebarPath: false }, theme: { customCss: './src/css/custom.less' } }]] };\n",
      'docs/a.md': '# A\n',
      'src/css/custom.less': '@primary: #2e8555;\n:root { --ifm-color-primary: @primary; }\n',
      'src/pages/fiddle.tsx': "import React from 'react';\nimport styles from './fiddle.module.less';\n\nexport default function Fiddle() {\n  return <main className={styles.main}>Fiddle</main>;\n}\n",
      'src/pages/fiddle.module.less': '.main { .inner { color: red; } }\n',
    });
    const result = runCli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('src/pages/fiddle.tsx:2:20: The stylesheet src/pages/fiddle.module.less is Less: a Docusaurus plugin (docusaurus-plugin-less) compiles it there, and plugins do not run here, so it cannot be read.\n  Write it as CSS');
    expect(result.stderr).toContain('The stylesheet src/css/custom.less is Less');
  });
});

describe('a config that changes the working folder', () => {
  it('leaves --out-dir where it was typed: the build was written into the folder the config moved to', () => {
    const elsewhere = tempSite({});
    const dir = tempSite({ 'site.config.ts': `process.chdir(${JSON.stringify(elsewhere)});\nexport default { title: 'T' };\n`, 'docs/intro.md': '# Intro\n' });
    const result = runCli(['build', dir, '--out-dir', 'typed-out'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(fs.existsSync(path.join(dir, 'typed-out/intro/index.html'))).toBe(true);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it("runs the config's code in the site folder, as Docusaurus is run from there: path.resolve('src/css/x.css') named a file elsewhere when the command ran from another folder", () => {
    const dir = tempSite({
      'docusaurus.config.js': "const path = require('node:path');\nmodule.exports = { title: path.basename(process.cwd()), url: 'https://x.test', baseUrl: '/', presets: [['classic', { theme: { customCss: [path.resolve('src/css/site.css')] } }]] };\n",
      'src/css/site.css': '.marker-from-site-css { color: red; }\n',
      'docs/intro.md': '# Intro\n',
    });
    // Typed from the generator's folder, and from inside the site: the same site.
    for (const cwd of [ROOT, dir]) {
      const out = path.join(dir, `out-${cwd === dir ? 'inside' : 'outside'}`);
      const result = runCli(['build', dir, '--out-dir', out], { cwd });
      expect(result.code, result.stderr).toBe(0);
      expect(fs.readFileSync(path.join(out, 'docs/intro/index.html'), 'utf8')).toContain(`<title>Intro | ${path.basename(dir)}</title>`);
      const css = fs.readdirSync(path.join(out, 'assets'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
      expect(css.some((f) => fs.readFileSync(path.join(out, 'assets', f), 'utf8').includes('marker-from-site-css'))).toBe(true);
    }
    // site.config.ts likewise.
    const native = tempSite({ 'site.config.ts': "import path from 'node:path';\nexport default { title: path.basename(process.cwd()) };\n", 'docs/intro.md': '# Intro\n' });
    expect(runCli(['build', native, '--out-dir', path.join(native, 'out')]).code).toBe(0);
    expect(fs.readFileSync(path.join(native, 'out/intro/index.html'), 'utf8')).toContain(`<title>Intro | ${path.basename(native)}</title>`);
  });
});

describe("the site's own code that never ends", () => {
  // The limit is 15 s; a test waits 2.
  const env = { SITE_TASK_LIMIT_MS: '2000' };

  it('a config that loops forever: check stops with the file named and exits 1', () => {
    const native = tempSite({ 'site.config.ts': "let spins = 0;\nwhile (spins >= 0) spins++;\nexport default { title: 'T' };\n", 'docs/intro.md': '# Intro\n' });
    const docusaurus = tempSite({ 'docusaurus.config.js': 'for (;;) {}\n', 'docs/intro.md': '# Intro\n' });
    for (const [dir, file] of [[native, 'site.config.ts'], [docusaurus, 'docusaurus.config.js']] as const) {
      const result = runCli(['check', dir], { env });
      expect({ file, code: result.code }).toEqual({ file, code: 1 });
      expect(result.stderr).toMatch(new RegExp(`${file.replace('.', '\\.')}: Loading (the site config|${file.replace('.', '\\.')}) ran for 2 s without finishing, so the command was stopped\\.`));
      expect(result.stderr.trimEnd().endsWith('Check failed.')).toBe(true);
    }
  });

  it('a config that leaves a timer and a server running: check and build end when they are done, with their code', () => {
    const dir = tempSite({ 'site.config.ts': "import net from 'node:net';\nsetInterval(() => {}, 1000);\nnet.createServer().listen(0, '127.0.0.1');\nexport default { title: 'T' };\n", 'docs/intro.md': '# Intro\n\n[gone](./gone.md)\n' });
    for (const command of [['check', dir], ['build', dir, '--out-dir', path.join(dir, 'out')]]) {
      const started = Date.now();
      const result = runCli(command);
      // They waited for the timer for ever (until runCli's 120 s).
      expect({ command: command[0], code: result.code }).toEqual({ command: command[0], code: 1 });
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(result.stderr).toContain('Broken link to "./gone.md"');
    }
  });

  it('a component that renders itself forever: the build stops at its page, leaving the previous build as it was and no unfinished folder', () => {
    const dir = tempSite({
      'docs/intro.md': '# Intro\n',
      'docs/loop.mdx': "import Again from '@site/src/components/Again';\n\n# Loop\n\n<Again />\n",
      'src/components/Again.jsx': 'export default function Again() {\n  return <div><Again /></div>;\n}\n',
    });
    const out = path.join(dir, 'out');
    const previous = tempSite({});
    // A previous build of another site stands in the output folder.
    expect(runCli(['build', previous, '--out-dir', out]).code).toBe(0);
    const before = fs.readdirSync(out).sort();
    const result = runCli(['build', dir, '--out-dir', out], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('docs/loop.mdx: Rendering /loop/ ran for 2 s without finishing, so the command was stopped.');
    expect(result.stderr.trimEnd().endsWith('Build failed; the previous build folder was left as it was.')).toBe(true);
    expect(fs.readdirSync(out).sort()).toEqual(before);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('out'))).toEqual(['out']);
  });
});

describe('what the config names that is not there', () => {
  it('a docs folder is an error at its key, as in Docusaurus: the site was built without its docs, saying nothing', () => {
    const native = tempSite({ 'site.config.ts': "export default {\n  title: 'T',\n  paths: { docs: 'nodocs' },\n};\n", 'blog/2024-01-01-a.md': '# A\n\nText.\n' });
    const result = runCli(['check', native]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('site.config.ts:3:1: The docs folder "nodocs" that the config names does not exist, so the site has no docs.');
    // Docusaurus's docs plugin needs its folder whether or not the config names it, unless the config turns it off.
    const docusaurus = tempSite({ 'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/' };\n", 'blog/2024-01-01-a.md': '# A\n\nText.\n' });
    expect(runCli(['check', docusaurus]).stderr).toContain('docusaurus.config.js: The docs folder "docs" that the config names does not exist');
    const docsOff = tempSite({ 'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: false }]] };\n", 'blog/2024-01-01-a.md': '# A\n\nText.\n' });
    const off = runCli(['check', docsOff]);
    expect(off.code).toBe(0);
    expect(off.stderr).not.toContain('folder');
    // Docs built from versioned_docs only (includeCurrentVersion: false) have no current folder to miss.
    const versionsOnly = tempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { includeCurrentVersion: false } }]] };\n",
      'versions.json': '["1.0"]\n',
      'versioned_docs/version-1.0/intro.md': '# Intro\n',
      'versioned_sidebars/version-1.0-sidebars.json': '{ "docs": ["intro"] }\n',
    });
    const versioned = runCli(['check', versionsOnly]);
    expect(versioned.code, versioned.stderr).toBe(0);
    expect(versioned.stderr).not.toContain('folder');
  });

  it('a blog or pages folder named, and not there, is a warning; the default folders are not named, and not missed', () => {
    const named = tempSite({ 'site.config.ts': "export default {\n  title: 'T',\n  paths: { blog: 'news' },\n};\n", 'docs/intro.md': '# Intro\n' });
    const result = runCli(['check', named]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('site.config.ts:3:1: The blog folder "news" that the config names does not exist, so the site has no blog.');
    // A Docusaurus site without src/pages (or a blog) is a site without them.
    const docusaurus = tempSite({ 'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/' };\n", 'docs/intro.md': '# Intro\n' });
    expect(runCli(['check', docusaurus]).stderr).not.toContain('folder');
  });

  it("the favicon, logos and social card missing from the static folder are warnings at their keys, whatever onBrokenLinks says: Docusaurus builds so, and every page shows them broken", () => {
    const dir = tempSite({
      'site.config.ts': "export default {\n  title: 'T',\n  onBrokenLinks: 'error',\n  favicon: '/img/nope.ico',\n  image: '/img/card.png',\n  navbar: {\n    logo: { src: '/img/logo.svg', srcDark: '/img/logo-dak.svg', alt: 'T' },\n  },\n};\n",
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'static/img/logo-dark.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'static/img/card.png': 'png',
      'docs/intro.md': '# Intro\n',
    });
    const result = runCli(['check', dir]);
    expect(result.code).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('site.config.ts'));
    expect(warnings).toEqual([
      'site.config.ts:4:1: The image "/img/nope.ico" that favicon names is not in the static folder: every page would show it broken.',
      'site.config.ts:7:1: The image "/img/logo-dak.svg" that navbar.logo.srcDark names is not in the static folder: every page would show it broken.',
    ]);
    expect(result.stderr).toContain('Nearest files: /img/logo-dark.svg');
  });

  it("a page's social card (front matter image) missing from the static folder is a warning at its line", () => {
    const dir = tempSite({
      'docs/intro.md': '---\ntitle: Intro\nimage: /img/card.png\n---\n# Intro\n',
      'docs/other.md': '---\nimage: /img/nope.png\n---\n# Other\n',
      // Without a leading "/", from the site's root as the page's head writes it: found, or not.
      'docs/relative.md': '---\nimage: img/card.png\n---\n# Relative\n',
      'docs/climbing.md': '---\nimage: ../../../secret.png\n---\n# Climbing\n',
      'blog/2024-01-01-a.md': '---\nimage: https://cdn.example/card.png\n---\n# A\n\nText.\n\n<!-- truncate -->\n',
      'static/img/card.png': 'png',
    });
    const result = runCli(['check', dir]);
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n').filter((line) => /^(docs|blog)\//.test(line)).sort()).toEqual([
      'docs/climbing.md:2:1: The image "../../../secret.png" that the front matter gives the page (its social card) is not in the static folder: where the page is shared, the card would be missing.',
      'docs/other.md:2:1: The image "/img/nope.png" that the front matter gives the page (its social card) is not in the static folder: where the page is shared, the card would be missing.',
    ]);
  });
});
