import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Resolver } from 'micromark-util-types';

/**
 * micromark's text initializer, the module its parser uses (linearResolvers.ts replaces
 * its `resolveAll`). It is internal to micromark (not in its exports), so it is reached by
 * its file, next to the entry point Node resolves, which is the module
 * mdast-util-from-markdown uses. Imported, not required: a require hook (tsx in workers
 * and scripts) would load a copy.
 *
 * The compiled CLI (bin/site.js) bundles micromark: there this module is replaced by a
 * static export of the same file, so the bundle's copy is the one changed. An import by
 * URL at run time would load a second copy from node_modules, and the bundle's own would
 * stay unchanged (a 256 KB paragraph of `[a](b ` took 11 s to build, 0.9 s with the change).
 */
const micromarkEntry = createRequire(import.meta.url).resolve('micromark');
export const { text } = (await import(new URL('./lib/initialize/text.js', pathToFileURL(micromarkEntry)).href)) as { text: { resolveAll?: Resolver } };
