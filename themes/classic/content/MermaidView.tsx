import { useEffect, useState } from 'react';
import type { IslandProps } from '../../../runtime/islands/Island.tsx';
import { useSite } from '../../../runtime/SiteContext.ts';

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

let loading: Promise<MermaidApi> | undefined;
/** Mermaid's module, published with the site (cli/render/mermaidAssets.ts): fetched when a page first shows a diagram. */
function loadMermaid(src: string): Promise<MermaidApi> {
  // A URL known only at run time: the bundler leaves the import to the browser.
  loading ??= import(/* @vite-ignore */ src).then((module: { default: MermaidApi }) => module.default);
  return loading;
}

/** Diagrams drawn on this page so far: each one's SVG id. */
let diagrams = 0;

type Mode = 'light' | 'dark';
const pageMode = (): Mode => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

/**
 * The diagram: its source until Mermaid has drawn it, then the SVG, drawn again in the
 * other theme when the reader changes colour mode. A diagram Mermaid cannot read keeps
 * its source, with Mermaid's words on why.
 */
export function MermaidView({ value }: IslandProps<{ value: string }>) {
  const { mermaid, baseUrl } = useSite();
  // The SVG's id, which its own CSS is scoped by: one per diagram on the page (each island is a
  // React root of its own, so useId would give every diagram the same one, and their styles would mix).
  const [id] = useState(() => `mermaid-svg-${++diagrams}`);
  const [mode, setMode] = useState<Mode | null>(null);
  const [drawn, setDrawn] = useState<{ svg: string } | { error: string } | null>(null);
  useEffect(() => {
    setMode(pageMode());
    const observer = new MutationObserver(() => setMode(pageMode()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!mode || !mermaid) return undefined;
    let current = true;
    loadMermaid(`${baseUrl}${mermaid.script.replace(/^\//, '')}`)
      .then((api) => {
        // Set before each diagram: one Mermaid draws every diagram of the page, one after another (its render queues them).
        api.initialize({ startOnLoad: false, ...mermaid.options, theme: mermaid.theme[mode] });
        return api.render(id, value);
      })
      .then(
        ({ svg }) => current && setDrawn({ svg }),
        (error: unknown) => current && setDrawn({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [mode, value, id, mermaid, baseUrl]);
  if (drawn && 'svg' in drawn) return <div className="docusaurus-mermaid-container" dangerouslySetInnerHTML={{ __html: drawn.svg }} />;
  return (
    <div className="docusaurus-mermaid-container docusaurus-mermaid-container--source">
      {drawn && <p className="docusaurus-mermaid-error" role="alert">This diagram could not be drawn: {drawn.error}</p>}
      <pre className="code-block__pre">
        <code className="language-mermaid">{value}</code>
      </pre>
    </div>
  );
}
