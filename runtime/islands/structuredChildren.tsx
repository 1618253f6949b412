import { Children, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * Children of an island that keep their structure. A site component content imports gets
 * its children as one slot; a component that replaces one of the theme's (a swizzled
 * Details, Tabs, Admonition) reads its children: Details looks for its `<summary>`, Tabs
 * reads each TabItem's `value` and `label`. So such an island gets one entry per child,
 * as JSON beside its props, and rebuilds the same children from it on the server and in
 * the browser:
 * - text stays text (a component may read it: a `code` that copies its text);
 * - an HTML element (`summary`, `p`) stays that element with its props, its own children a
 *   slot (content is not sent twice);
 * - any other element (TabItem, a code block) becomes a stand-in with the element's props,
 *   whose `children` are a slot holding the element's children (for a parent that reads
 *   them, as Tabs does) and which draws as a slot holding the element as rendered (for a
 *   parent that draws its children as they are).
 * Slots are the server's HTML, adopted in the browser (see Island.tsx); only props that
 * survive JSON reach the component, on the server as in the browser, so both render the
 * same thing.
 */
export type ChildShape =
  | string
  | { tag: string; props: Record<string, unknown>; slot?: number }
  | { props: Record<string, unknown>; slot?: number; output: number };

/** The children as JSON: a list, one child (a component may read `children.props`), or none. */
export type ChildrenShape = ChildShape[] | ChildShape | null;

/** Props as the browser gets them: JSON only, without the render stage's own (`node`, the hast element). */
function jsonProps(props: Record<string, unknown>): Record<string, unknown> {
  const { children: _children, node: _node, ...rest } = props;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

const isText = (node: ReactNode): node is string | number => typeof node === 'string' || typeof node === 'number';

/** Server side: the shape of `children`, and the content of its slots in order. */
export function describeChildren(children: ReactNode): { shape: ChildrenShape; slots: ReactNode[] } {
  const slots: ReactNode[] = [];
  const slot = (node: ReactNode) => slots.push(node) - 1;
  const describe = (child: ReactNode): ChildShape => {
    if (isText(child)) return String(child);
    if (!isValidElement(child)) return { props: {}, output: slot(child) };
    const props = child.props as Record<string, unknown>;
    const inner = props.children as ReactNode;
    if (typeof child.type === 'string') return { tag: child.type, props: jsonProps(props), ...(inner === undefined || inner === null ? {} : { slot: slot(inner) }) };
    return { props: jsonProps(props), ...(inner === undefined || inner === null ? {} : { slot: slot(inner) }), output: slot(child) };
  };
  const list = Children.toArray(children);
  if (list.length === 0) return { shape: null, slots };
  // One child written alone stays one child, not a list of one.
  if (!Array.isArray(children) && list.length === 1) return { shape: describe(list[0]), slots };
  return { shape: list.map(describe), slots };
}

/** The prop that carries a stand-in's drawing (a slot holding the element as the server rendered it). */
const OUTPUT = '__output';

/** A child that was a component's element: it draws as the server rendered it. */
function Rendered(props: { [OUTPUT]?: ReactNode }): ReactNode {
  return props[OUTPUT] ?? null;
}

/** Both sides: the children `shape` describes, with `slots` (the server's nodes, or the browser's adopted HTML). */
export function rebuildChildren(shape: ChildrenShape, slots: ReactNode[]): ReactNode {
  const rebuild = (entry: ChildShape, key?: number): ReactNode => {
    if (typeof entry === 'string') return entry;
    if ('tag' in entry) return createElement(entry.tag, { ...entry.props, key }, entry.slot === undefined ? undefined : slots[entry.slot]);
    const children = entry.slot === undefined ? undefined : slots[entry.slot];
    return createElement(Rendered as (props: Record<string, unknown>) => ReactElement | null, { ...entry.props, key, children, [OUTPUT]: slots[entry.output] });
  };
  if (shape === null) return undefined;
  return Array.isArray(shape) ? shape.map((entry, i) => rebuild(entry, i)) : rebuild(shape);
}
