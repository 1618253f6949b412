import type { Route, RouteGraph } from '../graph/types.ts';
import type { PageAssets } from './document.ts';
import { renderRoute, type RenderContext, type RenderedPage } from './renderRoute.ts';
import type { HelperThread } from './helperThread.ts';
import { pageFilesOf } from './siteOutputs.ts';
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

/** A page rendered but for its document's frame, which names the client bundle's files (see renderAhead). */
export interface RenderedBody {
  rendered: RenderedPage;
  reads: string[];
  search?: PageIndexPart;
}

/**
 * A page's files, with its graph lookups when `recorder` records them (its graph is then the
 * one it reads), and with `search`, its part of the search index, made from the tree it is
 * rendered from (parsed once for both).
 */
export function renderPage(route: Route, ctx: RenderContext & { assets: PageAssets }, recorder?: { graph: RouteGraph; take: () => string[] }, search?: IndexPartsWanted): RenderedFiles {
  return finishPage(renderBody(route, ctx, recorder, search), ctx);
}

/** renderPage up to its document: all of its work but the frame, which needs the client bundle's file names. */
export function renderBody(route: Route, ctx: RenderContext, recorder?: { graph: RouteGraph; take: () => string[] }, search?: IndexPartsWanted): RenderedBody {
  const render = () => renderRoute(route, recorder ? { ...ctx, graph: recorder.graph } : ctx);
  const document = search && searchedDocument(route);
  if (!document) return { rendered: render(), reads: recorder?.take() ?? [] };
  return withTreeHeld(document, (tree) => {
    const rendered = render();
    return { rendered, reads: recorder?.take() ?? [], search: pageIndexPart(route, tree, ctx.graph, ctx.config, search!) };
  });
}

/** A page's files from its body: the document (which reads no lookups of its own) and its payload. */
export function finishPage({ rendered, reads, search }: RenderedBody, ctx: RenderContext & { assets: PageAssets }): RenderedFiles {
  return { files: pageFilesOf(rendered, ctx).files, reads, ...(search && { search }) };
}

/** The most page bytes renderAhead holds: past it, pages wait for the bundle (memory stays flat whatever the site's size). */
export const AHEAD_BYTES = 32 * 1024 * 1024;

/**
 * Renders pages of `order` (indexes into `routes`), in that order, while `pending` is
 * not settled, and returns them. A build with no previous one starts bundling the client
 * (esbuild, in its own process) and can write no page before the bundle's file names are
 * known: this thread waited, idle, 0.1 s on this site and 0.3-0.5 s at 2,000-10,000 docs.
 * The pages it renders meanwhile wait only for the frame of their document (finishPage).
 * It looks at `pending` between pages, and stops once the pages it holds reach `maxBytes`.
 * A rejection of `pending` is left to whoever awaits it.
 */
export async function renderAhead<T>(routes: readonly Route[], order: readonly number[], pending: Promise<T>, render: (route: Route) => RenderedBody, maxBytes = AHEAD_BYTES): Promise<{ route: Route; body: RenderedBody }[]> {
  let settled = false;
  pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  const ahead: { route: Route; body: RenderedBody }[] = [];
  let bytes = 0;
  // A turn of the event loop first: a bundle made already, or failed, is taken at once.
  await new Promise((resolve) => setImmediate(resolve));
  for (const at of order) {
    if (settled || bytes >= maxBytes) break;
    const route = routes[at]!;
    const body = render(route);
    ahead.push({ route, body });
    bytes += body.rendered.body.length + (body.rendered.data?.length ?? 0);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return ahead;
}

/**
 * Renders the routes `order` lists (indexes into `routes`), each on whichever thread takes
 * it first: this one (`render`), or `helper`, which takes them from the same shared queue.
 * `done` gets every page, from either thread, on this thread (it writes them): the main
 * thread looks for the helper's pages after each of its own, and the helper waits when
 * HELPER_LEAD of its pages are not written yet, so they are not held in memory as the
 * site grows, nor when writing is slow.
 */
export async function renderPages(
  routes: readonly Route[],
  order: readonly number[],
  options: { render: (route: Route) => RenderedFiles; done: (route: Route, page: RenderedFiles) => Promise<void>; helper?: HelperThread; record?: boolean; assets: PageAssets; search?: IndexPartsWanted },
): Promise<{ onHelper: number }> {
  const { render, done, helper } = options;
  const sequence = Int32Array.from(order);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const written = new Int32Array(new SharedArrayBuffer(4));
  helper?.render(sequence, next, written, { record: options.record ?? false, assets: options.assets, search: options.search });
  let finished = 0;
  let onHelper = 0;
  const fromHelper = async () => {
    for (const page of helper!.takePages()) {
      await done(routes[sequence[page.at]!]!, page);
      finished++;
      onHelper++;
      // The helper may take another (HELPER_LEAD).
      Atomics.add(written, 0, 1);
      Atomics.notify(written, 0);
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
