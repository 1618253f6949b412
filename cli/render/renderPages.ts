import type { Route, RouteGraph } from '../graph/types.ts';
import type { PageAssets } from './document.ts';
import type { RenderContext } from './renderRoute.ts';
import type { HelperThread } from './helperThread.ts';
import { pageFiles } from './siteOutputs.ts';
import { pageIndexPart, type IndexPartsWanted, type PageIndexPart } from '../search/pageIndexPart.ts';
import { searchedDocument } from '../search/records.ts';
import { withTreeHeld } from '../content/compactTree.ts';

/** One page rendered: its files (path in the output folder, contents), and what it looked up in the graph. */
export interface RenderedFiles {
  files: [string, string][];
  /** Recorded by `recordingGraph` (pageInputs.ts) when the build keeps fingerprints; else none. */
  reads: string[];
  /** Its part of the search index, when asked for and the index reads its document (pageIndexPart.ts). */
  search?: PageIndexPart;
}

/**
 * A page's files, with its graph lookups when `recorder` records them (its graph is then the
 * one it reads), and with `search`, its part of the search index, made from the tree it is
 * rendered from (parsed once for both).
 */
export function renderPage(route: Route, ctx: RenderContext & { assets: PageAssets }, recorder?: { graph: RouteGraph; take: () => string[] }, search?: IndexPartsWanted): RenderedFiles {
  const render = () => pageFiles(route, recorder ? { ...ctx, graph: recorder.graph } : ctx).files;
  const document = search && searchedDocument(route);
  if (!document) return { files: render(), reads: recorder?.take() ?? [] };
  return withTreeHeld(document, (tree) => {
    const files = render();
    return { files, reads: recorder?.take() ?? [], search: pageIndexPart(route, tree, ctx.graph, ctx.config, search!) };
  });
}

/**
 * Renders the routes `order` lists (indexes into `routes`), each on whichever thread takes
 * it first: this one (`render`), or `helper`, which takes them from the same shared queue.
 * `done` gets every page, from either thread, on this thread (it writes them): the main
 * thread looks for the helper's pages after each of its own, so they wait for it at most
 * one page (they are not held in memory as the site grows).
 */
export async function renderPages(
  routes: readonly Route[],
  order: readonly number[],
  options: { render: (route: Route) => RenderedFiles; done: (route: Route, page: RenderedFiles) => Promise<void>; helper?: HelperThread; record?: boolean; assets: PageAssets; search?: IndexPartsWanted },
): Promise<{ onHelper: number }> {
  const { render, done, helper } = options;
  const sequence = Int32Array.from(order);
  const next = new Int32Array(new SharedArrayBuffer(4));
  helper?.render(sequence, next, { record: options.record ?? false, assets: options.assets, search: options.search });
  let finished = 0;
  let onHelper = 0;
  const fromHelper = async () => {
    for (const page of helper!.takePages()) {
      await done(routes[sequence[page.at]!]!, page);
      finished++;
      onHelper++;
    }
  };
  for (let at = Atomics.add(next, 0, 1); at < sequence.length; at = Atomics.add(next, 0, 1)) {
    const route = routes[sequence[at]!]!;
    await done(route, render(route));
    finished++;
    if (helper) {
      // The helper's pages arrive as messages, between turns of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      await fromHelper();
    }
  }
  // The pages the helper took are the ones not done here: it took them before this thread found none left.
  while (finished < sequence.length) {
    await helper!.waitForPages();
    await fromHelper();
  }
  return { onHelper };
}
