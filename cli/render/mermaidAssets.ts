import fs from 'node:fs';
import path from 'node:path';
import { generatorPackage } from './packageAssets.ts';

/**
 * Mermaid's browser build, published with a site that turns on markdown.mermaid: its
 * prebuilt, minified ES module and the chunks it imports (a diagram type's code is a chunk,
 * so a page loads only what its diagrams need). Published as Mermaid ships it rather than
 * bundled with the site: bundling its 600 modules took seconds of every build, for a
 * script no page needs until it shows a diagram. The folder is named by Mermaid's version,
 * so a host that caches assets for long never serves an old copy with a new site.
 */
function mermaidPackage(): { version: string; dist: string } {
  const { version, root } = generatorPackage('mermaid');
  return { version, dist: path.join(root, 'dist') };
}

/** The output folder Mermaid's files are published in, from the output folder's root. */
function outputFolder(): string {
  return `assets/mermaid-${mermaidPackage().version}`;
}

/** The path of Mermaid's module in the site, from its root (`/assets/mermaid-11.17.2/mermaid.esm.min.mjs`), before the base URL. */
export function mermaidScriptPath(): string {
  return `/${outputFolder()}/mermaid.esm.min.mjs`;
}

/** Each file to publish, as [absolute source, output path]: the module and its chunks, without source maps. */
export function mermaidFiles(): [string, string][] {
  const { dist } = mermaidPackage();
  const chunks = path.join(dist, 'chunks', 'mermaid.esm.min');
  return [
    [path.join(dist, 'mermaid.esm.min.mjs'), `${outputFolder()}/mermaid.esm.min.mjs`],
    ...fs
      .readdirSync(chunks)
      .filter((name) => name.endsWith('.mjs'))
      .sort()
      .map((name): [string, string] => [path.join(chunks, name), `${outputFolder()}/chunks/mermaid.esm.min/${name}`]),
  ];
}
