import { markdownProcessor } from './cli/content/markdown/processor.ts';
import { parseFastAndTransform as parseFast } from './cli/content/markdown/processor.ts';
import * as fast from './cli/content/markdown/fastParser.ts';
import { VFile } from 'vfile';
for (const text of process.argv.slice(2).map((t) => t.replace(/\\n/g, '\n').replace(/\\t/g, '\t'))) {
  const m = JSON.stringify(markdownProcessor.parse(new VFile({ value: text })));
  const f = parseFast(text, false);
  if (!f) { console.log('GAVE UP', JSON.stringify(text), fast.gaveUpBecause); continue; }
  if (JSON.stringify(f) !== m) { console.log('DIFF', JSON.stringify(text)); console.log(' mm:', m); console.log(' fp:', JSON.stringify(f)); }
}
