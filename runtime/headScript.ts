import type { SiteData } from './pageData.ts';
import { scriptJson } from './escape.ts';

/**
 * The inline script at the top of every page, run before first paint: it applies the
 * stored colour mode (no flash of the wrong theme), hides an announcement bar the reader
 * closed, and marks the page as scripted so no-JS fallbacks switch off.
 */
export function headScript(site: Pick<SiteData, 'colorMode' | 'announcementBar' | 'baseUrl'>): string {
  const { defaultMode, respectPrefersColorScheme, disableSwitch } = site.colorMode;
  const bar = site.announcementBar;
  return `(function(){var d=document.documentElement;d.classList.add('js');function g(k){try{return localStorage.getItem(k)}catch(e){return null}}
var s=${disableSwitch ? 'null' : "g('theme')"};var m=s==='dark'||s==='light'?s:${respectPrefersColorScheme ? `(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')` : scriptJson(defaultMode)};d.setAttribute('data-theme',m);d.style.colorScheme=m;
${bar ? `if(g('docusaurus.announcement.id')===${scriptJson(bar.id)}&&g('docusaurus.announcement.dismiss')==='true')d.setAttribute('data-announcement-bar-initially-dismissed','true');` : ''}
${baseUrlCheck(site.baseUrl)}})();`;
}

/**
 * SPEC §8: when the bundle never ran (most often a wrong baseUrl: every script 404s), a
 * banner says so and suggests the base URL the page is actually served under.
 */
function baseUrlCheck(baseUrl: string): string {
  return `addEventListener('load',function(){if(window.__siteLoaded)return;var b=document.createElement('div');b.id='__base-url-issue';b.setAttribute('role','alert');b.style.cssText='padding:1rem;background:#fff3cd;color:#533f03;font:16px/1.5 system-ui,sans-serif;border-bottom:2px solid #e0a800';var p=location.pathname,s=p.slice(0,p.indexOf('/',1)+1)||'/';b.textContent='This site did not load properly. A very common reason is a wrong base URL setting: the configured baseUrl is '+${scriptJson(baseUrl)}+(s!==${scriptJson(baseUrl)}?' and the page is served under '+s+'; try baseUrl: '+JSON.stringify(s)+'.':'.');document.body.prepend(b)});`;
}
