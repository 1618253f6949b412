/**
 * The names of the theme's content components, as MDX content imports them
 * (`@theme/Tabs`, `@docusaurus/Link`) or uses them without an import. The load stage checks
 * content against this list (it runs without React); index.ts provides each of them.
 */
export const THEME_COMPONENT_NAMES = ['Admonition', 'CodeBlock', 'Details', 'DocCardList', 'IdealImage', 'Link', 'Mermaid', 'TabItem', 'Tabs', 'ThemedImage', 'TOCInline'] as const;

/** Pure functions content may call in its expressions (`src={useBaseUrl('/img/x.png')}`). */
export const THEME_HELPER_NAMES = ['useBaseUrl'] as const;

/** `@docusaurus/*` modules content may import, and the theme component or helper each one is. */
export const DOCUSAURUS_MODULES: Record<string, (typeof THEME_COMPONENT_NAMES)[number] | (typeof THEME_HELPER_NAMES)[number]> = { '@docusaurus/Link': 'Link', '@docusaurus/useBaseUrl': 'useBaseUrl' };
