// Runs one `site build` in this process and prints {ms, maxRssMiB, cpuMs} as JSON on stdout.
// Usage: node bench/measureBuild.mjs <siteDir> <outDir> [cold|warm]
// cold (the default) passes --no-cache: every run is a cold build. warm uses the caches.
const [siteDir, outDir, mode = 'cold'] = process.argv.slice(2);
process.argv = [process.argv[0], 'site', 'build', siteDir, '--out-dir', outDir, ...(mode === 'warm' ? [] : ['--no-cache'])];
process.env.NO_COLOR = '1';
const start = performance.now();
process.on('exit', (code) => {
  const usage = process.resourceUsage();
  // CPU time (user + system) of this process: on a shared machine it moves less than wall time.
  const result = { ms: Math.round(performance.now() - start), cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000), maxRssMiB: Math.round(usage.maxRSS / 1024), code };
  process.stdout.write(`${JSON.stringify(result)}\n`);
});
await import('../bin/site.js');
