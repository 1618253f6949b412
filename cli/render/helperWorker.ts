// The build's second thread (see helperThread.ts): the compiled CLI's worker entry
// (bin/site.js); from the sources, helperEntry.js loads it.
import { parentPort } from 'node:worker_threads';
import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import type { SiteData } from '../../runtime/pageData.ts';
import { HELPER_LEAD, type HelperReply, type HelperRequest } from './helperThread.ts';
import { graphFromMessage } from './graphMessage.ts';
import { renderPage } from './renderPages.ts';
import { recordingGraph } from './pageInputs.ts';
import { SiteError } from '../errors/SiteError.ts';
import { registerLanguages } from '../content/markdown/codeBlock.ts';
import { incrementalSearchIndex } from '../search/searchIndex.ts';

let site: { graph: RouteGraph; config: ResolvedConfig; site: SiteData } | undefined;

const reply = (message: HelperReply) => parentPort!.postMessage(message);

// Code a page's components give as text is highlighted as it renders: with the site's grammars, as on the main thread.
let grammarsIn: Promise<void> = Promise.resolve();

parentPort!.on('message', (request: HelperRequest) => {
  if (request.kind === 'site') grammarsIn = registerLanguages(request.config.prism?.additionalLanguages);
  void grammarsIn.then(() => handle(request));
});

function handle(request: HelperRequest): void {
  try {
    if (request.kind === 'site') site = { ...request, graph: graphFromMessage(request.graph) };
    else if (request.kind === 'search') {
      const { documentKeys, reactPages, indexOptions } = request;
      const index = incrementalSearchIndex(site!.graph, site!.config, { reactPages, keyOf: (document) => documentKeys.get(document.file), indexOptions });
      reply({ kind: 'search', files: index.files, memo: index.memo, split: index.split });
    } else {
      const { order, next, written } = request;
      const ctx = { ...site!, assets: request.assets };
      const recorder = request.record ? recordingGraph(site!.graph) : undefined;
      for (let posted = 0; ; posted++) {
        // Not more than HELPER_LEAD pages ahead of the main thread's writing (the main thread wakes it as it writes one).
        for (let seen = Atomics.load(written, 0); posted - seen >= HELPER_LEAD; seen = Atomics.load(written, 0)) Atomics.wait(written, 0, seen, 100);
        const at = Atomics.add(next, 0, 1);
        if (at >= order.length) break;
        // As text: bytes moved from here were freed into this thread's allocator, which kept them when it ended (10,000 docs: 1,017 MiB peak, against 935 with text).
        reply({ kind: 'page', at, ...renderPage(ctx.graph.routes[order[at]!]!, ctx, recorder, request.search) });
      }
    }
  } catch (error) {
    // A page that failed: its diagnostic, as the main thread would have reported it.
    reply({ kind: 'failed', diagnostics: error instanceof SiteError ? error.diagnostics : undefined, message: (error as Error)?.message ?? String(error), stack: ((error as Error)?.cause as Error | undefined)?.stack ?? (error as Error)?.stack });
  }
}
