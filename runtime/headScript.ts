import type { SiteData } from './pageData.ts';
import { scriptJson } from './escape.ts';

/**
 * The inline script at the top of every page, run before first paint: it applies the
 * stored colour mode (no flash of the wrong theme), hides an announcement bar the reader
 * closed, marks the page as scripted so no-JS fallbacks switch off, and keeps a search
 * shortcut pressed before the bundle has run (see earlySearchKeys).
 */
export function headScript(site: Pick<SiteData, 'colorMode' | 'announcementBar' | 'baseUrl'>): string {
  const { defaultMode, respectPrefersColorScheme, disableSwitch } = site.colorMode;
  const bar = site.announcementBar;
  return `(function(){var d=document.documentElement;d.classList.add('js');function g(k){try{return localStorage.getItem(k)}catch(e){return null}}
var s=${disableSwitch ? 'null' : "g('theme')"};var m=s==='dark'||s==='light'?s:${respectPrefersColorScheme ? `(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')` : scriptJson(defaultMode)};d.setAttribute('data-theme',m);d.style.colorScheme=m;
${bar ? `if(g('docusaurus.announcement.id')===${scriptJson(bar.id)}&&g('docusaurus.announcement.dismiss')==='true')d.setAttribute('data-announcement-bar-initially-dismissed','true');` : ''}
${earlySearchKeys()}
${baseUrlCheck(site.baseUrl)}})();`;
}

/**
 * On a slow link the bundle can take seconds; a reader who presses Ctrl/Cmd+K or '/' meanwhile
 * would get the browser's own action (its address bar, its find bar) and no search. Until the
 * search button takes over, the press is kept (and the browser's action held back) for it
 * to open the modal once it is there. Once the page has loaded without its bundle, keys are
 * left to the browser: nothing would ever answer them. Which keys, and when `/` is typing
 * instead, are the search button's own rules (SearchButton.tsx), written out here because
 * this runs before any module.
 */
function earlySearchKeys(): string {
  return `var k=window.__earlySearchKey={pressed:false,stop:function(){removeEventListener('keydown',f)}};function f(e){if(document.readyState==='complete'&&!window.__siteLoaded)return;var t=e.target,w=t&&(t.isContentEditable||/^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName));if(((e.key==='k'||e.key==='K')&&(e.metaKey||e.ctrlKey))||(e.key==='/'&&!w)){e.preventDefault();k.pressed=true}}addEventListener('keydown',f);`;
}

type EarlySearchKey = { pressed: boolean; stop: () => void };

/**
 * Ends the head script's keeping of search shortcuts and says whether one was pressed
 * before (once: a second call answers false). The search button calls it when it is ready
 * to answer keys itself; the client app calls it after hydration for a theme without one.
 */
export function takeEarlySearchKey(): boolean {
  const early = (window as unknown as { __earlySearchKey?: EarlySearchKey }).__earlySearchKey;
  if (!early) return false;
  early.stop();
  const pressed = early.pressed;
  early.pressed = false;
  return pressed;
}

/**
 * SPEC §8: when the bundle never ran (most often a wrong baseUrl: every script 404s), a
 * banner says so and suggests the base URL the page is actually served under.
 */
function baseUrlCheck(baseUrl: string): string {
  return `addEventListener('load',function(){if(window.__siteLoaded)return;var b=document.createElement('div');b.id='__base-url-issue';b.setAttribute('role','alert');b.style.cssText='padding:1rem;background:#fff3cd;color:#533f03;font:16px/1.5 system-ui,sans-serif;border-bottom:2px solid #e0a800';var p=location.pathname,s=p.slice(0,p.indexOf('/',1)+1)||'/';b.textContent='This site did not load properly. A very common reason is a wrong base URL setting: the configured baseUrl is '+${scriptJson(baseUrl)}+(s!==${scriptJson(baseUrl)}?' and the page is served under '+s+'; try baseUrl: '+JSON.stringify(s)+'.':'.');document.body.prepend(b)});`;
}
