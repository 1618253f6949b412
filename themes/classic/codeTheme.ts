import type { PrismTheme } from '../../cli/config/schema.ts';

/** prism-react-renderer's style keys (React's names) and the CSS properties they are. */
const PROPERTIES: Record<string, string> = {
  color: 'color',
  backgroundColor: 'background-color',
  fontStyle: 'font-style',
  fontWeight: 'font-weight',
  textDecorationLine: 'text-decoration-line',
  textDecoration: 'text-decoration',
  opacity: 'opacity',
};

/**
 * The code colours of a site's Prism themes (config `prism`, Docusaurus's themeConfig.prism)
 * as CSS for this theme's code blocks, one theme per colour mode: the block's own colours
 * (`plain`), then each token type's, as prism-react-renderer styles a token (a type the
 * theme does not name has the block's colour, not this theme's palette; a later style wins).
 * A style for some languages applies to those languages' blocks only. What CSS could not
 * take as it is, is left out: a style key it has no property for, a value that would end
 * the declaration or the rule (`;`, `}`…), a type or language name that is no class name.
 */
export function codeThemeCss(themes: { light?: PrismTheme; dark?: PrismTheme }): string {
  const rules: string[] = [];
  for (const [mode, theme] of Object.entries(themes) as ['light' | 'dark', PrismTheme | undefined][]) {
    if (!theme) continue;
    const block = `[data-theme="${mode}"] .theme-code-block`;
    const plain = declarations(theme.plain);
    const background = theme.plain.backgroundColor;
    rules.push(`${block}{${background !== undefined && PLAIN_VALUE.test(String(background)) ? `--classic-color-code-bg:${background};` : ''}${plain}}`);
    // This theme's own token colours and italics do not show through: a type the site's theme leaves out is plain.
    rules.push(`${block} .token{color:inherit;font-style:inherit;font-weight:inherit}`);
    for (const { types, languages, style } of theme.styles) {
      const body = declarations(style);
      const names = types.filter((type) => CLASS_NAME.test(type));
      if (!body || names.length === 0) continue;
      const scopes = languages?.length ? languages.filter((language) => CLASS_NAME.test(language)).map((language) => `${block} code.language-${language}`) : [block];
      if (scopes.length === 0) continue;
      rules.push(`${scopes.flatMap((scope) => names.map((type) => `${scope} .token.${type}`)).join(',')}{${body}}`);
    }
  }
  return rules.join('\n');
}

/** A token type or language as a class name (`token.attr-name`, `language-js`). */
const CLASS_NAME = /^[A-Za-z_][\w-]*$/;
/** A CSS value that ends nothing: no declaration, rule, string or comment. */
const PLAIN_VALUE = /^[^;{}<>\\'"/]*$/;

function declarations(style: Record<string, string | number>): string {
  let out = '';
  for (const [key, value] of Object.entries(style)) {
    const property = PROPERTIES[key];
    if (property && PLAIN_VALUE.test(String(value))) out += `${property}:${value};`;
  }
  return out;
}
