import type { SiteData } from './pageData.ts';

/**
 * The inline script at the top of every page, run before first paint: it applies the
 * stored colour mode (no flash of the wrong theme), hides an announcement bar the reader
 * closed, and marks the page as scripted so no-JS fallbacks switch off.
 */
export function headScript(site: Pick<SiteData, 'colorMode' | 'announcementBar'>): string {
  const { defaultMode, respectPrefersColorScheme, disableSwitch } = site.colorMode;
  const bar = site.announcementBar;
  return `(function(){var d=document.documentElement;d.classList.add('js');function g(k){try{return localStorage.getItem(k)}catch(e){return null}}
var s=${disableSwitch ? 'null' : "g('theme')"};var m=s==='dark'||s==='light'?s:${respectPrefersColorScheme ? `(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')` : JSON.stringify(defaultMode)};d.setAttribute('data-theme',m);d.style.colorScheme=m;
${bar ? `if(g('docusaurus.announcement.id')===${JSON.stringify(bar.id)}&&g('docusaurus.announcement.dismiss')==='true')d.setAttribute('data-announcement-bar-initially-dismissed','true');` : ''}})();`;
}
