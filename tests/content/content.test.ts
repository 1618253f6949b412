import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import type { Root as HastRoot } from 'hast';
import { ROOT } from '../helpers/cli.ts';
import { codeBlocks, contentPages, facts, tables } from './contentFiles.ts';

const pages = contentPages();
const docs = pages.filter((p) => p.file.startsWith('content/docs/'));
const FACTS = facts();
const isReleaseNote = (file: string) => file.includes('/release-notes/');

describe('the written content', () => {
  it('has no placeholder text anywhere', () => {
    const problems: string[] = [];
    const walkDir = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walkDir(rel);
        else if (/\.(md|ya?ml|json)$/.test(entry.name) && rel !== 'content/facts/README.md') {
          fs.readFileSync(path.join(ROOT, rel), 'utf8').split('\n').forEach((line, i) => {
            if (/lorem ipsum|\bTODO\b|\bTBD\b|coming soon|to be announced|\bFIXME\b/i.test(line)) problems.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
        }
      }
    };
    walkDir('content');
    expect(problems).toEqual([]);
  });

  it('gives every page a title and a description', () => {
    const missing = pages.filter((p) => !p.file.endsWith('authors.yml') && (typeof p.frontMatter.description !== 'string' || (p.frontMatter.description as string).length < 30 || typeof p.frontMatter.title !== 'string')).map((p) => p.file);
    expect(missing).toEqual([]);
  });

  /** The words a reader reads on the page: its text, less its code blocks. */
  const proseWords = (tree: HastRoot): number => {
    let n = 0;
    const visit = (node: HastRoot | HastRoot['children'][number]) => {
      if (node.type === 'text') n += node.value.split(/\s+/).filter(Boolean).length;
      else if ((node.type === 'element' && node.tagName !== 'pre') || node.type === 'root') node.children.forEach(visit);
    };
    visit(tree);
    return n;
  };

  it('has at least 250 words on each docs page (release notes at least 120)', () => {
    const short = docs
      .map((p) => ({ file: p.file, words: proseWords(loadDocument({ area: 'docs', relPath: p.file.slice('content/docs/'.length), file: p.file, text: p.text }).content) }))
      .filter(({ file, words }) => words < (isReleaseNote(file) ? 120 : 250))
      .map(({ file, words }) => `${file}: ${words} words`);
    expect(short).toEqual([]);
  });

  it('links every docs page to at least two other pages', () => {
    const lonely = docs
      .map((p) => {
        const doc = loadDocument({ area: 'docs', relPath: p.file.slice('content/docs/'.length), file: p.file, text: p.text });
        const targets = new Set(doc.links.filter((l) => l.kind === 'link' && (l.file?.endsWith('.md') || /^\/(?!img\/)/.test(l.url))).map((l) => l.file ?? l.url.split('#')[0]));
        targets.delete(p.file);
        return { file: p.file, count: targets.size };
      })
      .filter((p) => p.count < 2)
      .map((p) => `${p.file}: ${p.count}`);
    expect(lonely).toEqual([]);
  });
});

describe('code samples', () => {
  const blocks = pages.flatMap((p) => codeBlocks(p).map((b) => ({ ...b, file: p.file })));

  it('are all tagged with a language', () => {
    expect(blocks.filter((b) => !b.lang).map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  it('JSON parses', () => {
    const bad = blocks.filter((b) => b.lang === 'json').flatMap((b) => {
      try {
        JSON.parse(b.value);
        return [];
      } catch (error) {
        return [`${b.file}:${b.line}: ${(error as Error).message}`];
      }
    });
    expect(blocks.filter((b) => b.lang === 'json').length).toBeGreaterThan(20);
    expect(bad).toEqual([]);
  });

  it('JavaScript and TypeScript parse', () => {
    const loaders: Record<string, esbuild.Loader> = { js: 'js', javascript: 'js', mjs: 'js', jsx: 'jsx', ts: 'ts', typescript: 'ts', tsx: 'tsx' };
    const scripts = blocks.filter((b) => b.lang in loaders);
    const bad = scripts.flatMap((b) => {
      try {
        esbuild.transformSync(b.value, { loader: loaders[b.lang], format: 'esm', logLevel: 'silent' });
        return [];
      } catch (error) {
        return [`${b.file}:${b.line}: ${(error as Error).message.split('\n').slice(0, 2).join(' ')}`];
      }
    });
    expect(scripts.length).toBeGreaterThan(30);
    expect(bad).toEqual([]);
  });

  it('shell commands call only documented API endpoints', () => {
    const endpoints = Object.values(FACTS.api.endpoints).flat();
    const patterns = endpoints.map((e) => ({ method: e.method, re: new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?.*)?$`) }));
    const bases = [FACTS.api.base_url, FACTS.api.sandbox_base_url];
    const problems: string[] = [];
    let calls = 0;
    for (const b of blocks.filter((x) => x.lang === 'bash' || x.lang === 'sh' || x.lang === 'shell')) {
      // One command per logical line: join backslash continuations.
      for (const command of b.value.replace(/\\\n/g, ' ').split('\n')) {
        for (const base of bases) {
          const at = command.indexOf(base);
          if (at === -1) continue;
          const rest = command.slice(at + base.length).match(/^[^\s"']*/)![0];
          if (!rest || rest.includes('$')) continue;
          calls++;
          const method = command.match(/-X\s+([A-Z]+)/)?.[1] ?? (/\s(-d|--data(-raw|-binary)?)\s/.test(command) ? 'POST' : 'GET');
          if (!patterns.some((p) => p.method === method && p.re.test(rest))) problems.push(`${b.file}:${b.line}: ${method} ${rest}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});

describe('facts in tables match content/facts/facts.yml', () => {
  const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

  it('documents exactly the 15 networks, one page each', () => {
    expect(FACTS.networks.list).toHaveLength(15);
    for (const n of FACTS.networks.list) {
      expect(fs.existsSync(path.join(ROOT, `content/docs/for-developers/interaction-with-crypto-networks/working-with-the-${n.id}-network.md`)), n.id).toBe(true);
    }
  });

  it('network fact tables agree with the facts sheet', () => {
    const problems: string[] = [];
    for (const n of FACTS.networks.list) {
      const page = pages.find((p) => p.file.endsWith(`working-with-the-${n.id}-network.md`))!;
      const factTable = tables(page).find((t) => t[0]?.[0] === 'Property');
      if (!factTable) {
        problems.push(`${page.file}: no | Property | Value | table`);
        continue;
      }
      const row = (name: string) => factTable.find((r) => r[0] === name)?.[1];
      const expectRow = (name: string, ok: (v: string) => boolean, wanted: string) => {
        const v = row(name);
        if (v === undefined || !ok(v)) problems.push(`${page.file}: ${name} is "${v}", facts.yml says ${wanted}`);
      };
      expectRow('Native asset', (v) => v === n.native_asset, n.native_asset);
      expectRow('Decimals', (v) => v === String(n.decimals), String(n.decimals));
      expectRow('Confirmations', (v) => v.startsWith(String(n.confirmations)), String(n.confirmations));
      expectRow('Explorer', (v) => v === n.explorer_name, n.explorer_name);
      expectRow('Memo required', (v) => v.startsWith(yesNo(n.memo_required)), yesNo(n.memo_required));
      expectRow('NFT support', (v) => v.startsWith(yesNo(n.nft_supported)), yesNo(n.nft_supported));
      expectRow('Swap support', (v) => v.startsWith(yesNo(n.swap_supported)), yesNo(n.swap_supported));
      expectRow('Minimum deposit', (v) => v.includes(`${n.min_deposit_native} ${n.native_asset}`), `${n.min_deposit_native} ${n.native_asset}`);
      expectRow('Withdrawal fee', (v) => v.includes(`${n.withdrawal_fee_native} ${n.native_asset}`), `${n.withdrawal_fee_native} ${n.native_asset}`);
      for (const token of n.tokens ?? []) {
        const tokenRow = tables(page).flatMap((t) => t).find((r) => r[0] === token.symbol && r.some((c) => c === token.contract));
        if (!tokenRow) problems.push(`${page.file}: no token row for ${token.symbol} with contract ${token.contract}`);
        else if (!tokenRow.includes(String(token.decimals))) problems.push(`${page.file}: ${token.symbol} decimals differ from ${token.decimals}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every table that lists confirmations per network uses the facts sheet numbers', () => {
    const byName = new Map<string, number>();
    for (const n of FACTS.networks.list) for (const name of [n.display_name, n.short_name, n.id]) byName.set(name.toLowerCase(), n.confirmations);
    const problems: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const table of tables(page)) {
        const col = table[0]?.findIndex((h) => /^confirmations?\b/i.test(h)) ?? -1;
        if (col <= 0) continue;
        for (const row of table.slice(1)) {
          const expected = byName.get(row[0]!.toLowerCase());
          if (expected === undefined) continue;
          checked++;
          if (!row[col]!.startsWith(String(expected))) problems.push(`${page.file}: ${row[0]} confirmations "${row[col]}", facts.yml says ${expected}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });

  it('each release note states the date of its release', () => {
    const releases = FACTS.releases as { version: string; date: string }[];
    expect(releases).toHaveLength(22);
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    const problems: string[] = [];
    for (const r of releases) {
      const page = pages.find((p) => p.file.endsWith(`/release-${r.version}.md`));
      if (!page) {
        problems.push(`no page for ${r.version}`);
        continue;
      }
      const [y, m, d] = r.date.split('-').map(Number);
      const written = `${months[m! - 1]} ${d}, ${y}`;
      if (!page.text.includes(written)) problems.push(`${page.file}: does not say "${written}"`);
    }
    expect(problems).toEqual([]);
  });
});
