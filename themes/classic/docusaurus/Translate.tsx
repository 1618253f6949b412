import { Fragment, type ReactNode } from 'react';

/**
 * `@docusaurus/Translate`: the site builds one locale, so the message is the text written
 * (its `id` and `description` are for translators), with `{name}` placeholders filled from `values`.
 */
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
