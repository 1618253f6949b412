import { classicComponents } from './content/index.ts';
import { THEME_COMPONENT_NAMES } from './content/names.ts';
import { Link } from './content/Link.tsx';
import Layout from './docusaurus/Layout.tsx';
import Heading from './docusaurus/Heading.tsx';
import { clsx, useBaseUrl, useBaseUrlUtils, useDocusaurusContext, useIsBrowser } from './docusaurus/hooks.ts';
import BrowserOnly from './docusaurus/BrowserOnly.tsx';
import Translate, { translate } from './docusaurus/Translate.tsx';
import Head from './docusaurus/Head.tsx';
import ExecutionEnvironment from './docusaurus/ExecutionEnvironment.ts';
import { PageMetadata, ThemeClassNames, useColorMode, usePrismTheme } from './docusaurus/themeCommon.ts';
import { matchPath, Redirect, useHistory, useLocation } from './docusaurus/router.ts';
import useBrokenLinks from './docusaurus/useBrokenLinks.ts';
import { IconCopy, IconSuccess } from './docusaurus/icons.tsx';
import { AdmonitionLayout, IconDanger, IconInfo, IconTip, IconWarning } from './content/Admonition.tsx';

/**
 * The modules a site's own code may import from the theme, by the names Docusaurus gives
 * them: `@theme-original/X` is the theme's X even where the site replaces it (a swizzled
 * component wrapping the original), and so is `@theme/X` inside site code.
 * `MDXComponents` is the map of content components (`{ ...MDXComponents, Highlight }`).
 * React pages get the modules they use: Layout, Heading, Link, useDocusaurusContext,
 * useBaseUrl, useIsBrowser, BrowserOnly, Translate, Head, router, theme-common,
 * useBrokenLinks, the copy button's icons, the admonition's box and marks (and clsx when the site has not installed it).
 * Each is an ES module's exports, by name: an import of a name not here is an error at
 * the import (see cli/bundle/siteCode.ts).
 */
export type ProvidedModule = Record<string, unknown>;

export const siteModules: Record<string, ProvidedModule> = {
  '@theme-original/MDXComponents': { default: classicComponents },
  '@theme/MDXComponents': { default: classicComponents },
  ...Object.fromEntries(THEME_COMPONENT_NAMES.flatMap((name) => [`@theme-original/${name}`, `@theme/${name}`].map((id) => [id, { default: classicComponents[name] }]))),
  '@theme/Layout': { default: Layout },
  '@theme/Heading': { default: Heading },
  '@docusaurus/Link': { default: Link },
  '@docusaurus/useDocusaurusContext': { default: useDocusaurusContext },
  '@docusaurus/useBaseUrl': { default: useBaseUrl, useBaseUrlUtils },
  '@docusaurus/useIsBrowser': { default: useIsBrowser },
  '@docusaurus/BrowserOnly': { default: BrowserOnly },
  '@docusaurus/Translate': { default: Translate, translate },
  '@docusaurus/Head': { default: Head },
  '@docusaurus/ExecutionEnvironment': { default: ExecutionEnvironment },
  '@docusaurus/theme-common': { useColorMode, usePrismTheme, ThemeClassNames, PageMetadata },
  '@docusaurus/router': { useLocation, useHistory, Redirect, matchPath },
  '@docusaurus/useBrokenLinks': { default: useBrokenLinks },
  '@theme/Icon/Copy': { default: IconCopy },
  '@theme/Icon/Success': { default: IconSuccess },
  // A site's own admonition types draw their box and marks with the theme's.
  '@theme/Admonition/Layout': { default: AdmonitionLayout },
  '@theme/Admonition/Icon/Note': { default: IconInfo },
  '@theme/Admonition/Icon/Info': { default: IconInfo },
  '@theme/Admonition/Icon/Tip': { default: IconTip },
  '@theme/Admonition/Icon/Warning': { default: IconWarning },
  '@theme/Admonition/Icon/Danger': { default: IconDanger },
};

/** Packages the theme gives site code only when the site has not installed them. */
export const fallbackModules: Record<string, ProvidedModule> = {
  clsx: { default: clsx },
};

