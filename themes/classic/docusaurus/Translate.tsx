import { Fragment, type ReactNode } from 'react';

/**
 * `@docusaurus/Translate`: the site builds one locale, so the message is the text written
 * (its `id` and `description` are for translators), with `{name}` placeholders filled from `values`.
 */
/** `translate({ message, id }, values)`: the message as a string, with `{name}` placeholders filled. */
export function translate({ message }: { message: string; id?: string; description?: string }, values?: Record<string, string | number>): string {
  return values ? message.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole)) : message;
}

export default function Translate({ children, values }: { children?: ReactNode; id?: string; description?: string; values?: Record<string, ReactNode> }) {
  if (typeof children !== 'string' || !values) return <>{children}</>;
  const parts = children.split(/(\{\w+\})/);
  return (
    <>
      {parts.map((part, i) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        return <Fragment key={i}>{name !== undefined && Object.hasOwn(values, name) ? values[name] : part}</Fragment>;
      })}
    </>
  );
}
