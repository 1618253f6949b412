import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeThemeCss } from '../../themes/classic/codeTheme.ts';
import { siteStylesCss } from '../../cli/bundle/siteStyles.ts';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { importDocusaurusModule } from '../../cli/config/docusaurus/importModule.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** Code colours from a site's Prism themes (config `prism`, Docusaurus's themeConfig.prism). */

describe('code theme CSS', () => {
  it("colours each mode's code blocks as prism-react-renderer styles tokens: plain, then by type, a language's only in its blocks", () => {
    const css = codeThemeCss({
      light: { plain: { color: '#111', backgroundColor: '#fdfaeb' }, styles: [{ types: ['comment', 'prolog'], style: { color: '#999', fontStyle: 'italic' } }, { types: ['string'], languages: ['css'], style: { color: 'green' } }] },
      dark: { plain: { color: '#eee' }, styles: [{ types: ['keyword'], style: { color: 'rgb(1, 2, 3)', fontWeight: 'bold', opacity: 0.7, unknownKey: 'x' } }] },
    });
    expect(css.split('\n')).toEqual([
      '[data-theme="light"] .theme-code-block{--classic-color-code-bg:#fdfaeb;color:#111;background-color:#fdfaeb;}',
      '[data-theme="light"] .theme-code-block .token{color:inherit;font-style:inherit;font-weight:inherit}',
      '[data-theme="light"] .theme-code-block .token.comment,[data-theme="light"] .theme-code-block .token.prolog{color:#999;font-style:italic;}',
      '[data-theme="light"] .theme-code-block code.language-css .token.string{color:green;}',
      '[data-theme="dark"] .theme-code-block{color:#eee;}',
      '[data-theme="dark"] .theme-code-block .token{color:inherit;font-style:inherit;font-weight:inherit}',
      '[data-theme="dark"] .theme-code-block .token.keyword{color:rgb(1, 2, 3);font-weight:bold;opacity:0.7;}',
    ]);
  });

  it('leaves out what would end a declaration or rule, and names that are no class names', () => {
    const css = codeThemeCss({ light: { plain: { backgroundColor: 'red;}body{display:none' }, styles: [{ types: ['a"]', 'ok'], style: { color: 'blue}</style>' } }, { types: ['x{'], style: { color: 'red' } }] } });
    expect(css).not.toMatch(/display:none|<\/style>|a"\]|x\{/);
  });

  it('reads a theme named by its prism-react-renderer name from that package', async () => {
    const css = await siteStylesCss({ prism: { theme: 'github' } });
    expect(css).toContain('[data-theme="light"] .theme-code-block{--classic-color-code-bg:#f6f8fa;color:#393A34;background-color:#f6f8fa;}');
    expect(await siteStylesCss({})).toBe('');
  });
});

describe("a Docusaurus config's prism themes", () => {
  const map = (prism: unknown) => mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', themeConfig: { prism } }, 'docusaurus.config.js');
  const theme = { plain: { color: '#111' }, styles: [{ types: ['comment'], style: { color: '#999' } }] };

  it('map onto prism; the mode it leaves out gets Docusaurus\'s default, palenight; additionalLanguages go with them', () => {
    expect(map({ theme, darkTheme: theme, additionalLanguages: ['powershell'] }).input.prism).toEqual({ theme, darkTheme: theme, additionalLanguages: ['powershell'] });
    expect(map({ theme }).input.prism).toEqual({ theme, darkTheme: 'palenight' });
    expect(map({ theme, additionalLanguages: ['powershell'] }).warnings).toEqual([]);
  });

  it('a theme that is a stand-in, or not a theme, is warned of and the theme\'s own colours are kept', () => {
    const stub = Object.assign(() => undefined, { __siteMissingPackage: 'prism-themes-x.foo' });
    const mapped = map({ theme: stub, magicComments: [{ line: 'no-class' }] });
    expect(mapped.input.prism).toBeUndefined();
    expect(mapped.warnings.map((w) => w.configKey)).toEqual(['themeConfig.prism.theme', 'themeConfig.prism.magicComments']);
    // Docusaurus's default magic comments are what code blocks read: nothing to say of them; a site's own set is the native option.
    const defaults = [{ className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } }];
    expect(map({ theme, magicComments: defaults }).warnings).toEqual([]);
    expect(map({ theme, magicComments: defaults }).input.prism).toEqual({ theme, darkTheme: 'palenight' });
    const own = [...defaults, { className: 'code-block-error-line', line: 'highlight-error-next-line' }];
    // Naming no theme is Docusaurus's default in both modes.
    expect(map({ magicComments: own }).input.prism).toEqual({ theme: 'palenight', darkTheme: 'palenight', magicComments: own });
    expect(map({ magicComments: own }).warnings).toEqual([]);
  });

  it('without prism, or with no theme in it, colours code with palenight in both modes, as Docusaurus does', () => {
    const palenight = { theme: 'palenight', darkTheme: 'palenight' };
    expect(mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/' }, 'docusaurus.config.js').input.prism).toEqual(palenight);
    expect(map({ additionalLanguages: ['powershell'] }).input.prism).toEqual({ ...palenight, additionalLanguages: ['powershell'] });
  });

  it("gets prism-react-renderer's real themes when the site has not installed it, in the config and in a file it requires", async () => {
    const dir = writeTempSite({
      // The second theme file is named at run time: Node loads it itself, not the bundler.
      'docusaurus.config.js': "import { themes } from 'prism-react-renderer';\nconst own = require('./prism/own.js');\nconst file = ['.', 'prism', 'loaded.js'].join('/');\nconst loaded = require(file);\nmodule.exports = { github: themes.github, own, loaded, dracula: require('prism-react-renderer').themes.dracula };\n",
      'prism/loaded.js': "module.exports = require('prism-react-renderer').themes.oneDark;\n",
      'prism/own.js': "const { themes } = require('prism-react-renderer');\nmodule.exports = { ...themes.vsDark, plain: { color: '#123456' } };\n",
    });
    try {
      const imported = await importDocusaurusModule(path.join(dir, 'docusaurus.config.js'), dir);
      const value = JSON.parse(JSON.stringify(imported.value)) as Record<string, { plain: { color: string; backgroundColor?: string }; styles: unknown[] }>;
      expect(value.github?.plain.backgroundColor).toBe('#f6f8fa');
      expect(value.dracula?.plain.backgroundColor).toBe('#282A36');
      expect(value.own?.plain).toEqual({ color: '#123456' });
      expect(value.own?.styles.length).toBeGreaterThan(5);
      expect(value.loaded?.plain.backgroundColor).toBe('hsl(220, 13%, 18%)');
      expect(imported.missing).toEqual([]);
      expect(fs.existsSync(path.join(dir, 'node_modules'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
