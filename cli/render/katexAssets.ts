import fs from 'node:fs';
import path from 'node:path';
import { generatorPackage } from './packageAssets.ts';

/**
 * KaTeX's stylesheet and fonts, published with a site that turns on markdown.math: the
 * math is typeset at build time (content/markdown/math.ts), and draws right only with the
 * stylesheet of the KaTeX version that typeset it, which a CDN link in the config may not
 * be. A page links it only when it shows math; the fonts load as its formulas need them.
 */
function outputFolder(): string {
  return `assets/katex-${generatorPackage('katex').version}`;
}

/** The stylesheet's path in the site, from its root (`/assets/katex-0.16.47/katex.min.css`), before the base URL. */
export function katexStylesheetPath(): string {
  return `/${outputFolder()}/katex.min.css`;
}

/** Each file to publish, as [absolute source, output path]: the stylesheet and the fonts it names. */
export function katexFiles(): [string, string][] {
  const dist = path.join(generatorPackage('katex').root, 'dist');
  return [
    [path.join(dist, 'katex.min.css'), `${outputFolder()}/katex.min.css`],
    ...fs
      .readdirSync(path.join(dist, 'fonts'))
      .filter((name) => /\.(woff2?|ttf)$/.test(name))
      .sort()
      .map((name): [string, string] => [path.join(dist, 'fonts', name), `${outputFolder()}/fonts/${name}`]),
  ];
}
