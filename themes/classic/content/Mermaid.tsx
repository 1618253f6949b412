import { Island } from '../../../runtime/islands/Island.tsx';
import { MermaidView } from './MermaidView.tsx';

/**
 * A Mermaid diagram (```` ```mermaid ```` with markdown.mermaid, or `<Mermaid value>` from
 * `@theme/Mermaid`), drawn in the browser as Docusaurus's theme-mermaid draws it: an island,
 * its source shown until Mermaid has drawn it (and to a reader without JavaScript).
 */
export function Mermaid({ value }: { value: string }) {
  return <Island name="Mermaid" component={MermaidView} props={{ value: String(value ?? '') }} />;
}
