/**
 * Rendered Markdown. The HTML was produced at build time; `id="__content"` lets the client
 * hydrate without the HTML being repeated in the page's embedded data.
 */
export function Markdown({ html, main = true }: { html: string | null; main?: boolean }) {
  return <div className="markdown" id={main ? '__content' : undefined} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
