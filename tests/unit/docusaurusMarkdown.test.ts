import { parse, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { contentHtml } from '../helpers/contentHtml.ts';
import { admonitionTitlesToLabels } from '../../cli/content/markdown/admonitions.ts';
import { FILE_LINK_MARK, markdownFileCandidates } from '../../cli/content/markdown/links.ts';

/** Markdown as Docusaurus sites write it (issue #13): admonition forms and links to files. */

const doc = (text: string, file = 'docs/guides/page.md') => loadDocument({ area: 'docs', relPath: file.replace(/^docs\//, ''), file, text });
const html = (text: string): HTMLElement => parse(contentHtml(doc(text).content), { blockTextElements: {} });
const boxes = (root: HTMLElement) =>
  root.querySelectorAll('.theme-admonition').map((a) => `${a.getAttribute('class')} | ${a.querySelector('.admonitionHeading')!.textContent} | ${a.querySelector('.admonitionContent')!.textContent.trim()}`);

describe('admonitions as Docusaurus writes them', () => {
  it('take a title after a space, as :::type[Title] does, in quotes and indented blocks too', () => {
    const root = html(':::tip What You Will Learn\nHow.\n:::\n\n> :::note Quoted *title*\n> Inside.\n> :::\n\n- item\n\n  :::danger  Careful  \n  Body.\n  :::\n');
    expect(boxes(root)).toEqual(['theme-admonition theme-admonition-tip alert alert--success | What You Will Learn | How.', 'theme-admonition theme-admonition-note alert alert--secondary | Quoted title | Inside.', 'theme-admonition theme-admonition-danger alert alert--danger | Careful | Body.']);
    expect(root.querySelector('.alert--secondary em')?.textContent).toBe('title');
    expect(root.textContent).not.toContain(':::');
  });

  it('draw every default keyword, the legacy ones as the type Docusaurus draws them as (caution its own, like a warning)', () => {
    const kinds = ['important', 'secondary', 'success', 'caution'];
    expect(boxes(html(kinds.map((k) => `:::${k}\nBody.\n:::\n`).join('\n')))).toEqual([
      'theme-admonition theme-admonition-info alert alert--info | Important | Body.',
      'theme-admonition theme-admonition-note alert alert--secondary | Secondary | Body.',
      'theme-admonition theme-admonition-tip alert alert--success | Success | Body.',
      'theme-admonition theme-admonition-caution alert alert--warning | Caution | Body.',
    ]);
    expect(doc(':::important\nX\n:::\n').diagnostics).toEqual([]);
  });

  it('nest with a longer outer fence', () => {
    const root = html('::::note Outer\nBefore.\n\n:::tip Inner\nIn.\n:::\n\nAfter.\n::::\n');
    const outer = root.querySelector('.alert--secondary')!;
    expect(outer.querySelector('.admonitionHeading')!.textContent).toBe('Outer');
    expect(outer.querySelector('.admonitionContent .alert--success .admonitionHeading')!.textContent).toBe('Inner');
    expect(outer.querySelector('.admonitionContent')!.textContent).toContain('After.');
  });

  it('leave code samples, unknown names and bare keywords alone, one line for one line', () => {
    const text = '```md\n:::tip Shown as written\n```\n\n~~~~\n:::note Also\n```\n:::note Still code\n~~~~\n\n:::tipster Nope\n\n:::note\n:::\n';
    expect(admonitionTitlesToLabels(text)).toBe(text);
    expect(admonitionTitlesToLabels('a\r\n:::info  Two words \r\nb')).toBe('a\r\n:::info[Two words]\r\nb');
    expect(html('```md\n:::tip Shown as written\n```\n').querySelector('code')!.textContent).toContain(':::tip Shown as written');
  });
});

describe('links to Markdown files, as resolveMarkdownLinkPathname tries them', () => {
  it('lists the linking folder, then the content folder, then the site folder, by the form of the path', () => {
    expect(markdownFileCandidates('x.md', 'docs/a/b.md', 'docs/')).toEqual(['docs/a/x.md', 'docs/x.md', 'x.md']);
    expect(markdownFileCandidates('api/x.md', 'docs/a/b.md', 'docs/')).toEqual(['docs/a/api/x.md', 'docs/api/x.md', 'api/x.md']);
    expect(markdownFileCandidates('./x.md', 'docs/a/b.md', 'docs/')).toEqual(['docs/a/x.md']);
    expect(markdownFileCandidates('../x.md', 'docs/a/b.md', 'docs/')).toEqual(['docs/x.md']);
    expect(markdownFileCandidates('/cli/x.md', 'docs/a/b.md', 'docs/')).toEqual(['docs/cli/x.md', 'cli/x.md']);
    expect(markdownFileCandidates('/docs/x.md', '../docs/a/b.md', '../docs/')).toEqual(['../docs/docs/x.md', 'docs/x.md']);
    expect(markdownFileCandidates('@site/docs/x.md', 'docs/a/b.md', 'docs/')).toEqual(['docs/x.md']);
    expect(markdownFileCandidates('x.md', 'docs/b.md', 'docs/')).toEqual(['docs/x.md', 'x.md']);
  });

  it('mark every candidate for the render stage, keeping ?query and #hash', () => {
    const d = doc('[a](api/x.md?tab=1#part) [b](./y.md) [c](@site/static/f.pdf)\n');
    expect(d.links.map((l) => [l.file, l.candidates])).toEqual([
      ['docs/guides/api/x.md', ['docs/guides/api/x.md', 'docs/api/x.md', 'api/x.md']],
      ['docs/guides/y.md', undefined],
      ['static/f.pdf', undefined],
    ]);
    expect(parse(contentHtml(d.content)).querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      `${FILE_LINK_MARK}docs/guides/api/x.md,docs/api/x.md,api/x.md?tab=1#part`,
      `${FILE_LINK_MARK}docs/guides/y.md`,
      `${FILE_LINK_MARK}static/f.pdf`,
    ]);
  });
});
