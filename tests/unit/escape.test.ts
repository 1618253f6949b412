import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { escapeHtml, scriptJson } from '../../runtime/escape.ts';
import { headScript } from '../../runtime/headScript.ts';

const HOSTILE = '</script><script>alert(1)</script><!-- <script> ]]> & \u2028\u2029 "quoted" \'single\' </SCRIPT >';

describe('scriptJson', () => {
  it('leaves no character that can end or change a script element, and keeps the value', () => {
    const value = { a: HOSTILE, nested: [HOSTILE, { [HOSTILE]: 1 }], n: 2, none: null };
    const out = scriptJson(value);
    for (const c of ['<', '>', '&', '\u2028', '\u2029']) expect(out, JSON.stringify(c)).not.toContain(c);
    expect(JSON.parse(out)).toEqual(value);
    // As a script expression too (the head script embeds it so).
    expect(new Function(`return ${out};`)()).toEqual(value);
    expect(scriptJson('<>&\u2028\u2029')).toBe('"\\u003c\\u003e\\u0026\\u2028\\u2029"');
    expect(scriptJson(undefined)).toBe('null');
  });

  it('keeps a script element whole when it embeds the value', () => {
    const html = `<html><head><script id="s">var x = ${scriptJson(HOSTILE)};</script></head><body></body></html>`;
    const doc = parse(html);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(new Function(`${doc.querySelector('#s')!.text}; return x;`)()).toBe(HOSTILE);
  });
});

describe('escapeHtml', () => {
  it('shows any string as text, in an element or a double-quoted attribute', () => {
    const doc = parse(`<p title="${escapeHtml(HOSTILE)}">${escapeHtml(HOSTILE)}</p>`);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.querySelector('p')!.getAttribute('title')).toBe(HOSTILE);
    expect(doc.querySelector('p')!.text).toBe(HOSTILE);
    expect(escapeHtml('a&b<c>d"e')).toBe('a&amp;b&lt;c&gt;d&quot;e');
  });
});

describe('headScript', () => {
  it('embeds the announcement id and base URL as data, never as code', () => {
    const script = headScript({
      colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
      announcementBar: { id: HOSTILE, content: '', backgroundColor: '#fff', textColor: '#000', isCloseable: true },
      baseUrl: `/${HOSTILE}/`,
    } as Parameters<typeof headScript>[0]);
    expect(script).not.toMatch(/<\/?script|<!--|[\u2028\u2029]/i);
    expect(script).toContain(scriptJson(HOSTILE));
  });
});
