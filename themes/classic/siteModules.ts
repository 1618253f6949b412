import { classicComponents } from './content/index.ts';
import { THEME_COMPONENT_NAMES } from './content/names.ts';
import { Link } from './content/Link.tsx';
import Layout from './docusaurus/Layout.tsx';
import Heading from './docusaurus/Heading.tsx';
import { clsx, useBaseUrl, useDocusaurusContext, useIsBrowser } from './docusaurus/hooks.ts';
import BrowserOnly from './docusaurus/BrowserOnly.tsx';
import Translate from './docusaurus/Translate.tsx';

/**
 * The modules a site's own code may import from the theme, by the names Docusaurus gives
 * them: `@theme-original/X` is the theme's X even where the site replaces it (a swizzled
 * component wrapping the original), and so is `@theme/X` inside site code.
 * `MDXComponents` is the map of content components (`{ ...MDXComponents, Highlight }`).
 * React pages get the modules they use: Layout, Heading, Link, useDocusaurusContext,
 * useBaseUrl, useIsBrowser, BrowserOnly, Translate (and clsx when the site has not
 * installed it). Each is an ES module's exports (`default` and nothing else).
 */
export const siteModules: Record<string, { default: unknown }> = {
  '@theme-original/MDXComponents': { default: classicComponents },
  '@theme/MDXComponents': { default: classicComponents },
  ...Object.fromEntries(THEME_COMPONENT_NAMES.flatMap((name) => [`@theme-original/${name}`, `@theme/${name}`].map((id) => [id, { default: classicComponents[name] }]))),
  '@theme/Layout': { default: Layout },
  '@theme/Heading': { default: Heading },
  '@docusaurus/Link': { default: Link },
  '@docusaurus/useDocusaurusContext': { default: useDocusaurusContext },
  '@docusaurus/useBaseUrl': { default: useBaseUrl },
  '@docusaurus/useIsBrowser': { default: useIsBrowser },
  '@docusaurus/BrowserOnly': { default: BrowserOnly },
  '@docusaurus/Translate': { default: Translate },
};

/** Packages the theme gives site code only when the site has not installed them. */
export const fallbackModules: Record<string, { default: unknown }> = {
  clsx: { default: clsx },
};
