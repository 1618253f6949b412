import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PACKAGE_ROOT } from '../paths.ts';
import type { AuthorSocial } from '../../runtime/pageData.ts';

/**
 * An author's `socials` (authors.yml or a post's front matter, Docusaurus 3.5+): each a
 * handle on a platform Docusaurus knows, made its profile's URL as Docusaurus makes it, or
 * a full URL. The platforms and their URLs are Docusaurus's.
 */
const PROFILE: Record<string, (handle: string) => string> = {
  x: (handle) => `https://x.com/${handle}`,
  twitter: (handle) => `https://twitter.com/${handle}`,
  github: (handle) => `https://github.com/${handle}`,
  linkedin: (handle) => `https://www.linkedin.com/in/${handle}/`,
  stackoverflow: (id) => `https://stackoverflow.com/users/${id}`,
  bluesky: (handle) => `https://bsky.app/profile/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  threads: (handle) => `https://www.threads.net/@${handle}`,
  mastodon: (handle) => `https://mastodon.social/@${handle}`,
  twitch: (handle) => `https://twitch.tv/${handle}`,
  youtube: (handle) => `https://youtube.com/@${handle}`,
  email: (address) => `mailto:${address}`,
};

/** Each platform's mark, from simple-icons (CC0); a platform without one is drawn with the theme's link mark. */
const ICON: Record<string, string> = { x: 'x', twitter: 'x', github: 'github', stackoverflow: 'stackoverflow', bluesky: 'bluesky', instagram: 'instagram', threads: 'threads', mastodon: 'mastodon', twitch: 'twitch', youtube: 'youtube' };
const icons = new Map<string, string | undefined>();
const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/** A platform's mark as an SVG path in a 24×24 box, read once from simple-icons' file. */
function iconOf(platform: string): string | undefined {
  const slug = ICON[platform];
  if (!slug) return undefined;
  if (!icons.has(slug)) {
    const svg = fs.readFileSync(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8');
    icons.set(slug, /<path d="([^"]+)"/.exec(svg)?.[1]);
  }
  return icons.get(slug);
}

/**
 * The links of an author's `socials`, in the order written, or what is wrong with one that
 * Docusaurus refuses too (a value that is neither a handle nor a full URL). A handle on a
 * platform whose profile URL is not known, which Docusaurus would link as a relative
 * address that leads nowhere, is left out with a warning.
 */
export function authorSocials(socials: unknown): { socials: AuthorSocial[]; warnings: string[] } | { problem: string } {
  const warnings: string[] = [];
  if (socials === undefined || socials === null) return { socials: [], warnings };
  if (typeof socials !== 'object' || Array.isArray(socials)) return { problem: 'socials must map platforms to handles or URLs (github: octocat)' };
  const out: AuthorSocial[] = [];
  for (const [name, raw] of Object.entries(socials)) {
    // Stack Overflow's ids are numbers in YAML.
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string' || value === '') return { problem: `socials.${name} must be a handle or a URL` };
    const platform = name.toLowerCase();
    if (/^(https?:\/\/|mailto:)/.test(value)) out.push({ platform, url: value, ...optional(iconOf(platform)) });
    else if (value.includes('/')) return { problem: `socials.${name}: "${value}" is neither a handle nor a full URL (https://…)` };
    else if (!PROFILE[platform]) warnings.push(`socials.${name}: "${value}" is a handle on a platform whose profile address is not known, so it is not linked; write the profile's full URL`);
    else out.push({ platform, url: PROFILE[platform]!(value), ...optional(iconOf(platform)) });
  }
  return { socials: out, warnings };
}

const optional = (icon: string | undefined) => (icon ? { icon } : {});
