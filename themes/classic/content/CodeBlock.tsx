import { Children, type ReactNode } from 'react';
import { Island } from '../../../runtime/islands/Island.tsx';
import { CodeBlockBody } from './CodeBlockBody.tsx';

/**
 * A code block: its title bar, the highlighted code (highlighted at build time, so no
 * highlighter reaches the browser; lines, highlights and numbers are in the code already),
 * and the copy button, the only part that needs the browser (an island).
 *
 * Its code is the `<pre>` the build made, or, as Docusaurus's CodeBlock takes it, a string
 * child whose text the render stage could not know (in a site's React page, or a value of
 * the site's own modules; it highlights the others: cli/render/stringCodeBlocks.ts). That is
 * drawn as the build draws code in a language it has no grammar for: lines and whitespace
 * kept, plain. Its language, as Docusaurus reads it, from `language` or a `language-x` class.
 */
export function CodeBlock({ title, language, children, className, showLineNumbers }: { title?: string; language?: string; children?: ReactNode; className?: string; showLineNumbers?: boolean | number }) {
  const code = stringOf(children);
  const lang = code === undefined ? language : (language ?? /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1])?.toLowerCase();
  const classes = new Set(['theme-code-block', lang && `language-${lang}`, ...(className ?? '').split(/\s+/)].filter((name): name is string => Boolean(name)));
  return (
    <div className={[...classes].join(' ')} data-language={lang}>
      {title && <div className="code-block__title">{title}</div>}
      <Island name="CodeBlockBody" component={CodeBlockBody} props={{}} slots={[code === undefined ? children : <PlainCode code={code} language={lang} lineNumbers={Boolean(showLineNumbers)} />]} />
    </div>
  );
}

/** The text of children that are only strings and numbers (joined, as Docusaurus's CodeBlock joins them); undefined for anything else. */
function stringOf(children: ReactNode): string | undefined {
  const parts = Children.toArray(children);
  if (parts.length === 0 || !parts.every((part) => typeof part === 'string' || typeof part === 'number')) return undefined;
  return parts.join('');
}

/** Code as the build draws code it does not highlight: a `.token-line` per line (for numbers and copy), without the one trailing newline Docusaurus drops. */
function PlainCode({ code, language, lineNumbers }: { code: string; language?: string; lineNumbers: boolean }) {
  const lines = code.replace(/\n$/, '').split('\n');
  return (
    <pre className="code-block__pre" tabIndex={0}>
      <code className={[`language-${language ?? 'text'}`, lineNumbers && 'line-numbers'].filter(Boolean).join(' ')}>
        {lines.map((line, i) => (
          <span key={i} className="token-line">
            {i < lines.length - 1 ? `${line}\n` : line}
          </span>
        ))}
      </code>
    </pre>
  );
}
