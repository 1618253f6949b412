import type { TagLink } from './types.ts';
import { joinRoute } from './paths.ts';

// lodash's words(): runs of letters split at case changes ("XMLHttp" → XML, Http), and
// runs of digits apart from letters ("v1.0" → v, 1, 0); everything else separates.
const WORD_RE = /\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}+(?![\p{Ll}\p{M}])|\p{Lu}|\p{N}+|[\p{L}\p{M}]+/gu;

/**
 * lodash's kebabCase, which Docusaurus uses for tag URLs: accents dropped ("café" →
 * "cafe"), apostrophes removed ("What's" → "whats"), words joined by "-": "Release Notes"
 * → "release-notes", "v1.0" → "v-1-0".
 */
export function kebabCase(text: string): string {
  const plain = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/['\u2019]/g, '');
  return (plain.match(WORD_RE) ?? []).map((w) => w.toLowerCase()).join('-');
}

/**
 * A front matter tag as Docusaurus's normalizeTag makes it: a string is its own label,
 * at `<tagsBase>/<kebab-case label>`; an object gives its label and its permalink
 * (under the tags base too), else the kebab case of its label.
 */
export function tagOf(tag: string | { label: string; permalink?: string }, tagsBase: string): TagLink {
  const label = typeof tag === 'string' ? tag : tag.label;
  const permalink = typeof tag === 'string' || tag.permalink === undefined ? kebabCase(label) : tag.permalink;
  return { label, permalink: joinRoute(tagsBase, permalink) };
}
