import { useContext, useEffect, useRef } from 'react';
import { hydrateIslands } from '../../../runtime/islands/hydrateIslands.ts';
import { IslandsContext } from '../../../runtime/islands/IslandsContext.ts';
import { classicIslands } from '../islands.ts';

/**
 * Rendered Markdown: static HTML made at build time through the theme's content
 * components. Only its islands (tabs, copy buttons) come alive in the browser, each on
 * its own; the rest stays the HTML the server sent. `id="__content"` lets the client
 * hydrate without the HTML being repeated in the page's embedded data.
 */
export function Markdown({ html, main = true }: { html: string | null; main?: boolean }) {
  const content = useRef<HTMLDivElement>(null);
  const siteIslands = useContext(IslandsContext);
  // After the first render, and again whenever the content is replaced (a navigation).
  useEffect(() => (content.current ? hydrateIslands(content.current, { ...classicIslands, ...siteIslands }) : undefined), [html, siteIslands]);
  return <div ref={content} className="markdown" id={main ? '__content' : undefined} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
