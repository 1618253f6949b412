// Profiles the load stage alone on a site folder: `node --import tsx --cpu-prof bench/profile-load.ts [siteDir]`.
import { loadConfig } from '../cli/config/load.ts';
import { scanContent } from '../cli/content/scan.ts';
import { loadDocument } from '../cli/content/loadDocument.ts';

const config = await loadConfig(process.argv[2] ?? '.');
const files = (await scanContent(config)).files.filter((f) => /\.mdx?$/.test(f.relPath));
for (let round = 0; round < 3; round++) {
  const start = performance.now();
  for (const f of files) loadDocument(f);
  console.log(`round ${round + 1}: ${files.length} files in ${Math.round(performance.now() - start)} ms`);
}
