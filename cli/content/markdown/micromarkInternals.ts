import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { InitialConstruct, Resolver } from 'micromark-util-types';

/**
 * micromark's document and text initializers, the modules its parser uses
 * (linearDocument.ts replaces the document's tokenizer, linearResolvers.ts the text's
 * `resolveAll`). They are internal to micromark (not in its exports), so they are reached
 * by their files, next to the entry point Node resolves, which is the module
 * mdast-util-from-markdown uses. Imported, not required: a require hook (tsx in workers
 * and scripts) would load a copy.
 *
 * The compiled CLI (bin/site.js) bundles micromark: there this module is replaced by a
 * static export of the same files, so the bundle's copies are the ones changed. An import
 * by URL at run time would load second copies from node_modules, and the bundle's own would
 * stay unchanged (a 512 KB paragraph of `[a](b ` took 79 s to build, about 4 s with the change).
 */
const micromarkEntry = createRequire(import.meta.url).resolve('micromark');
const internal = async (file: string) => (await import(new URL(`./lib/initialize/${file}`, pathToFileURL(micromarkEntry)).href)) as Record<string, unknown>;
export const { text } = (await internal('text.js')) as { text: { resolveAll?: Resolver } };
export const { document } = (await internal('document.js')) as { document: InitialConstruct };
