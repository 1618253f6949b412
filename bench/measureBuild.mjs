// Runs one `site build` in this process and prints {ms, maxRssMiB} as JSON on stdout.
// Usage: node bench/measureBuild.mjs <siteDir> <outDir>
const [siteDir, outDir] = process.argv.slice(2);
// --no-cache: every run is a cold build.
process.argv = [process.argv[0], 'site', 'build', siteDir, '--out-dir', outDir, '--no-cache'];
process.env.NO_COLOR = '1';
const start = performance.now();
process.on('exit', (code) => {
  const result = { ms: Math.round(performance.now() - start), maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024), code };
  process.stdout.write(`${JSON.stringify(result)}\n`);
});
await import('../bin/site.js');
