import GithubSlugger from 'github-slugger';

/**
 * The one heading-slug function, shared by the loader (heading ids), the link check
 * (#anchors) and the theme. GitHub's rules: lower case (unless `maintainCase`: Docusaurus's
 * markdown.anchors.maintainCase), punctuation dropped, spaces to dashes; repeats on one page
 * get `-1`, `-2`.
 */
export function createSlugger(options: { maintainCase?: boolean } = {}): { slug(text: string): string; reserve(id: string): void } {
  const slugger = new GithubSlugger();
  const taken = new Set<string>();
  const maintainCase = options.maintainCase === true;
  return {
    slug(text: string) {
      let id = slugger.slug(text, maintainCase);
      // A custom id used earlier on the page must not be produced again.
      while (taken.has(id)) id = slugger.slug(text, maintainCase);
      taken.add(id);
      return id;
    },
    reserve(id: string) {
      taken.add(id);
    },
  };
}

/** Slug for a path segment or a tag: same rules, no de-duplication. */
export function slugify(text: string): string {
  return new GithubSlugger().slug(text);
}

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
