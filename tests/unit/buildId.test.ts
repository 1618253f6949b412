import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { buildIdOf } from '../../cli/render/siteData.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

describe('the build id', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const idOf = async (config: string) => {
    const dir = writeTempSite({ 'site.config.ts': config, 'docs/intro.md': '# Intro\n' });
    dirs.push(dir);
    return buildIdOf(await loadConfig(dir));
  };
  const config = (sidebar: string, comment = '') => `export default {\n  title: 'T',${comment}\n  docs: { sidebars: { main: [${sidebar}] } },\n};\n`;

  it("follows what the config holds, not its text: a comment in site.config.ts renamed every chunk (the sidebars' text, kept to place their problems, was hashed)", async () => {
    const plain = await idOf(config("'intro'"));
    expect(await idOf(config("'intro'", '\n  // Sidebars below.'))).toBe(plain);
    expect(await idOf(config("'intro', { type: 'link', label: 'X', href: 'https://x.test' }"))).not.toBe(plain);
  });
});
