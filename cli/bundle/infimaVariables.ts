import fs from 'node:fs';
import path from 'node:path';
import { generatorPackage } from '../render/packageAssets.ts';

/**
 * Infima's variables (`--ifm-*`), the stylesheet framework of Docusaurus's classic theme,
 * are a Docusaurus site's theming vocabulary: its custom.css sets some (the theme here
 * reads those, see themes/classic/styles.css) and its own CSS and components read others
 * (`border: 1px solid var(--ifm-color-emphasis-300)`, `padding: var(--ifm-pre-padding)`).
 * A variable no rule defines leaves such a declaration without a value, so the border,
 * the padding or the colour is simply gone. The site's stylesheet therefore starts with
 * Infima's own definitions of the variables the site's code mentions (and those they are
 * made of), light and dark, from the package Docusaurus ships (`infima`), under the same
 * selectors: the site's own definitions, after them, win as they do in Docusaurus.
 * Only the mentioned ones: all of them are 16 KB a page would load for nothing.
 */
interface InfimaDefinitions {
  /** `:root`'s, in the stylesheet's order. */
  light: Map<string, string>;
  /** `html[data-theme='dark']`'s. */
  dark: Map<string, string>;
}

let loaded: InfimaDefinitions | undefined;

function definitions(): InfimaDefinitions {
  if (!loaded) {
    const css = fs.readFileSync(path.join(generatorPackage('infima').root, 'dist/css/default/default.css'), 'utf8');
    loaded = { light: declarationsOf(css, ':root'), dark: declarationsOf(css, "html[data-theme='dark']") };
  }
  return loaded;
}

/** The `--ifm-*` declarations of the first rule whose selector is exactly `selector`. */
function declarationsOf(css: string, selector: string): Map<string, string> {
  const out = new Map<string, string>();
  const start = new RegExp(`^${selector.replace(/[[\]()'.*+?^$|\\]/g, '\\$&')}\\s*\\{`, 'm').exec(css);
  if (!start) return out;
  const end = css.indexOf('}', start.index);
  const body = css.slice(start.index + start[0].length, end);
  for (const [, name, value] of body.matchAll(/(--ifm-[a-z0-9-]+)\s*:\s*([^;]+);/g)) out.set(name!, value!.replace(/\s+/g, ' ').trim());
  return out;
}

const MENTION = /--ifm-[a-z0-9-]+/g;

/** The Infima variables a text (a site's CSS or code) names. */
export function mentionedInfimaVariables(text: string): Set<string> {
  return new Set(text.match(MENTION) ?? []);
}

/**
 * Infima's definitions of `mentioned` and of the variables their values read, as CSS
 * (empty when none is Infima's): `:root` then `html[data-theme='dark']`, each in the
 * order of Infima's stylesheet.
 */
export function infimaVariablesCss(mentioned: Iterable<string>): string {
  const { light, dark } = definitions();
  const wanted = new Set<string>();
  const queue = [...mentioned];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (wanted.has(name) || (!light.has(name) && !dark.has(name))) continue;
    wanted.add(name);
    for (const value of [light.get(name), dark.get(name)]) if (value) queue.push(...(value.match(MENTION) ?? []));
  }
  const block = (selector: string, declarations: Map<string, string>) => {
    const kept = [...declarations].filter(([name]) => wanted.has(name));
    return kept.length === 0 ? '' : `${selector}{${kept.map(([name, value]) => `${name}:${value}`).join(';')}}\n`;
  };
  return block(':root', light) + block("html[data-theme='dark']", dark);
}
