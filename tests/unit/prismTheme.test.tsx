import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteContext } from '../../runtime/SiteContext.ts';
import type { CodeTheme, SiteData } from '../../runtime/pageData.ts';
import { usePrismTheme } from '../../themes/classic/docusaurus/themeCommon.ts';

/** usePrismTheme as the server renders it (the configured default mode): which theme each config gives. */
function themeIn(mode: 'light' | 'dark', prismThemes: SiteData['prismThemes']): unknown {
  const Show = () => <pre>{JSON.stringify(usePrismTheme().plain)}</pre>;
  const site = { colorMode: { defaultMode: mode, disableSwitch: false, respectPrefersColorScheme: false }, prismThemes } as unknown as SiteData;
  const html = renderToString(
    <SiteContext.Provider value={site}>
      <Show />
    </SiteContext.Provider>,
  );
  return JSON.parse(html.replace(/^<pre>|<\/pre>$/g, '').replace(/&quot;/g, '"'));
}

const light: CodeTheme = { plain: { color: '#111' }, styles: [] };
const dark: CodeTheme = { plain: { color: '#eee' }, styles: [] };

describe('usePrismTheme', () => {
  it("gives darkTheme in dark mode and theme in light mode; in dark mode without a darkTheme, theme (as Docusaurus does); without any, no colour", () => {
    expect(themeIn('dark', { light, dark })).toEqual({ color: '#eee' });
    expect(themeIn('light', { light, dark })).toEqual({ color: '#111' });
    expect(themeIn('dark', { light })).toEqual({ color: '#111' });
    expect(themeIn('dark', undefined)).toEqual({});
  });
});
