import { createElement, useContext, useEffect, useRef } from 'react';
import { hydrateIslands } from '../../../runtime/islands/hydrateIslands.ts';
import { IslandsContext } from '../../../runtime/islands/IslandsContext.ts';
import { SiteContext } from '../../../runtime/SiteContext.ts';
import { islandLoaders } from '../islands.ts';

/**
 * Rendered Markdown: static HTML made at build time through the theme's content
 * components. Only its islands (tabs, copy buttons) come alive in the browser, each on
 * its own; the rest stays the HTML the server sent. `id="__content"` lets the client
 * hydrate without the HTML being repeated in the page's embedded data.
 */
export function Markdown({ html, main = true, className = 'markdown' }: { html: string | null; main?: boolean; className?: string }) {
  const content = useRef<HTMLDivElement>(null);
  const siteIslands = useContext(IslandsContext);
  const site = useContext(SiteContext);
  // After the first render, and again whenever the content is replaced (a navigation).
  // Each island is a root of its own: it gets the site's data as the server render had it.
  useEffect(() => {
    if (!content.current) return undefined;
    return hydrateIslands(content.current, islandLoaders(siteIslands), undefined, (island) => createElement(SiteContext.Provider, { value: site }, island));
  }, [html, siteIslands, site]);
  return <div ref={content} className={className} id={main ? '__content' : undefined} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
