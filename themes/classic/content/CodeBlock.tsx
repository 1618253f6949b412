import type { ReactNode } from 'react';
import { Island } from '../../../runtime/islands/Island.tsx';
import { CodeBlockBody } from './CodeBlockBody.tsx';

/**
 * A code block: its title bar, the highlighted code (highlighted at build time, so no
 * highlighter reaches the browser; lines, highlights and numbers are in the code already),
 * and the copy button, the only part that needs the browser (an island).
 */
export function CodeBlock({ title, language, children, className }: { title?: string; language?: string; children?: ReactNode; className?: string }) {
  return (
    <div className={['theme-code-block', language && `language-${language}`, className].filter(Boolean).join(' ')} data-language={language}>
      {title && <div className="code-block__title">{title}</div>}
      <Island name="CodeBlockBody" component={CodeBlockBody} props={{}} slots={[children]} />
    </div>
  );
}
