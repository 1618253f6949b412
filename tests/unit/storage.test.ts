import { describe, expect, it, vi } from 'vitest';
import { storage } from '../../runtime/storage.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { testConfig, writeTempSite } from '../helpers/memorySite.ts';

describe('browser storage during server rendering', () => {
  it('warns once, then does nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(storage.get('theme')).toBeNull();
    storage.set('theme', 'dark');
    storage.remove('theme');
    expect(storage.get('theme')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/storage is not available during server rendering/);
    warn.mockRestore();
  });
});

describe('zoom selector', () => {
  it('is an error naming the selector when it is not valid CSS', async () => {
    const dir = writeTempSite({ 'site.config.ts': 'export default { title: "T", zoom: { selector: ".markdown img[" } };\n', 'docs/a.md': 'A\n' });
    const config = { ...testConfig({ zoom: { selector: '.markdown img[' } }, dir) };
    const { diagnostics } = await analyze(config, { reporter: createReporter({ quiet: true }) });
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'invalid-zoom-selector', message: 'The zoom selector ".markdown img[" is not a valid CSS selector.' }));
  });
});
