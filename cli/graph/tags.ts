import type { TagLink } from './types.ts';
import { joinRoute } from './paths.ts';
import { kebabCase } from '../content/slug.ts';
import type { TagDeclaration } from '../content/loadMeta.ts';

/**
 * A front matter tag as Docusaurus's normalizeTag makes it: a string is its own label,
 * at `<tagsBase>/<kebab-case label>`; an object gives its label and its permalink
 * (under the tags base too), else the kebab case of its label. A string declared in the
 * folder's `tags.yml` takes that declaration's label and permalink.
 */
export function tagOf(tag: string | { label: string; permalink?: string }, tagsBase: string, declared: Record<string, TagDeclaration> = {}): TagLink {
  const known = typeof tag === 'string' && Object.hasOwn(declared, tag) ? declared[tag] : undefined;
  if (known) return { label: known.label, permalink: joinRoute(tagsBase, known.permalink) };
  const label = typeof tag === 'string' ? tag : tag.label;
  const permalink = typeof tag === 'string' || tag.permalink === undefined ? kebabCase(label) : tag.permalink;
  return { label, permalink: joinRoute(tagsBase, permalink) };
}
