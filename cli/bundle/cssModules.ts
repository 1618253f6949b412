import { createHash } from 'node:crypto';

/**
 * CSS modules (`import styles from './Counter.module.css'`), as Docusaurus's css-loader
 * makes them: each class of the file is renamed `<class>_<hash of the file's path>`, and
 * the import is the map from the written names to the new ones. Done here rather than by
 * esbuild's `local-css` loader because the server bundle and the browser's must agree on
 * every name, and esbuild names classes by what else is in the bundle.
 *
 * Rules:
 * - only selectors are rewritten: declarations (`margin: .5em`, `url(a.png)`), strings
 *   and comments are left as they are; so are at-rule preludes (`@media (…)`);
 * - `:global(.x)` keeps `.x` as written; `:local(.x)` is `.x` scoped;
 * - keyframe names and `composes:` are not scoped.
 */
export function scopeCssModule(css: string, file: string): { css: string; classes: Record<string, string> } {
  const suffix = createHash('sha1').update(file).digest('base64url').replace(/[^a-zA-Z0-9]/g, '').slice(0, 5);
  const classes: Record<string, string> = {};
  const scoped = (name: string) => (classes[name] ??= `${name}_${suffix}`);
  let out = '';
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (ch === '"' || ch === "'") {
      i = stringEnd(css, i);
    } else if (ch === '{') {
      const prelude = css.slice(start, i);
      out += prelude.trimStart().startsWith('@') ? prelude : rewriteSelector(prelude, scoped);
      out += ch;
      start = i + 1;
    } else if (ch === ';' || ch === '}') {
      out += css.slice(start, i + 1);
      start = i + 1;
    }
  }
  out += css.slice(start);
  return { css: out, classes };
}

function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === text[open]) return i;
  }
  return text.length;
}

const SELECTOR_PART = /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\*[\s\S]*?\*\/)|:global\(([^)]*)\)|:local\(([^)]*)\)|\.(-?[_a-zA-Z][\w-]*)/g;

function rewriteSelector(selector: string, scoped: (name: string) => string): string {
  return selector.replace(SELECTOR_PART, (_match, kept: string | undefined, global: string | undefined, local: string | undefined, name: string | undefined) => {
    if (kept !== undefined) return kept;
    if (global !== undefined) return global;
    if (local !== undefined) return rewriteSelector(local, scoped);
    return `.${scoped(name!)}`;
  });
}
