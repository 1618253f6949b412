import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// The languages code blocks are highlighted with (registered on first use).
import { grammars } from '../../cli/content/markdown/codeBlock.ts';
import { ROOT } from '../helpers/cli.ts';

/** Every class a highlighted token can carry: each grammar's token names and aliases, nested grammars too. */
function tokenClasses(): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const walk = (grammar: unknown) => {
    if (!grammar || typeof grammar !== 'object' || seen.has(grammar)) return;
    seen.add(grammar);
    for (const [name, value] of Object.entries(grammar)) {
      if (name === 'rest') {
        walk(value);
        continue;
      }
      names.add(name);
      for (const pattern of Array.isArray(value) ? value : [value]) {
        if (!pattern || typeof pattern !== 'object' || pattern instanceof RegExp) continue;
        const { alias, inside } = pattern as { alias?: string | string[]; inside?: unknown };
        for (const a of alias === undefined ? [] : [alias].flat()) names.add(a);
        walk(inside);
      }
    }
  };
  for (const grammar of Object.values(grammars().languages)) walk(grammar);
  return names;
}

/**
 * The classes a theme rule asks of an element, per compound selector, leaving out compounds
 * that are about tokens (`.token.tag`) and what `:not()` excludes.
 */
function themeClassesByRule(css: string): Array<{ selector: string; classes: string[] }> {
  const rules: Array<{ selector: string; classes: string[] }> = [];
  for (const [, prelude] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{};]+)\{/g)) {
    const selectorList = prelude!.trim();
    if (selectorList.startsWith('@') || /^(from|to|\d+%)/.test(selectorList)) continue;
    for (const selector of selectorList.split(',').map((s) => s.trim())) {
      const compounds = selector.replace(/:not\([^)]*\)/g, '').replace(/\[[^\]]*\]/g, '').split(/\s*[\s>+~]\s*/);
      const classes = compounds.filter((c) => !/\.token(?![\w-])/.test(c)).flatMap((c) => [...c.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
      rules.push({ selector, classes });
    }
  }
  return rules;
}

describe('theme classes and highlighted code', () => {
  it('finds the token classes and the theme rules it checks', () => {
    const tokens = tokenClasses();
    for (const t of ['tag', 'comment', 'string', 'number', 'function', 'keyword', 'operator', 'property', 'selector', 'attr-name', 'code-block', 'title', 'url']) expect(tokens).toContain(t);
    const rules = themeClassesByRule(fs.readFileSync(path.join(ROOT, 'themes/classic/styles.css'), 'utf8'));
    expect(rules.find((r) => r.selector === '.tag-pill')?.classes).toEqual(['tag-pill']);
    expect(rules.find((r) => r.selector === '.token.tag')?.classes).toEqual([]);
  });

  it('no theme rule matches an element by a class Prism gives tokens (a `<div>` in code is not a tag pill)', () => {
    const tokens = tokenClasses();
    const css = fs.readFileSync(path.join(ROOT, 'themes/classic/styles.css'), 'utf8');
    const collisions = themeClassesByRule(css).flatMap(({ selector, classes }) => classes.filter((c) => tokens.has(c)).map((c) => `${selector} (.${c})`));
    expect(collisions).toEqual([]);
  });
});
