import { Children, isValidElement, type ReactNode } from 'react';
import { Island } from '../../../runtime/islands/Island.tsx';
import { useContent } from '../../../runtime/contentContext.ts';
import { TabsView, type TabsViewProps } from './TabsView.tsx';

interface TabItemProps {
  value?: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

/**
 * `<Tabs groupId queryString defaultValue values>` holding `<TabItem value label default>`s
 * (also `:::tabs` / `:::tab` in Markdown): every panel is rendered on the server, so
 * readers without JavaScript see them all; the tab strip is an island (see TabsView).
 */
export function Tabs({ children, groupId, queryString, defaultValue, values, className }: { children?: ReactNode; groupId?: string; queryString?: boolean | string; defaultValue?: string; values?: { value: string; label?: string }[]; className?: string }) {
  const content = useContent();
  const items = Children.toArray(children).filter(isValidElement).map((child) => child.props as TabItemProps);
  if (items.length === 0) return null;
  const tabs = items.map((item, i) => {
    const value = String(item.value ?? values?.[i]?.value ?? `tab-${i + 1}`);
    return { value, label: item.label ?? values?.find((v) => v.value === value)?.label ?? value };
  });
  const selected = [defaultValue, items.find((item) => item.default)?.value].find((v) => v !== undefined && tabs.some((t) => t.value === v)) ?? tabs[0]!.value;
  const props: TabsViewProps = {
    id: content.nextId('tabs'),
    groupId,
    queryString: queryString === true ? groupId : queryString || undefined,
    tabs,
    selected: String(selected),
    className,
  };
  return <Island name="Tabs" component={TabsView} props={props} slots={items.map((item) => item.children)} />;
}

/** A tab's panel; inside `<Tabs>` it is read for its props and content, not rendered itself. */
export function TabItem({ children }: TabItemProps) {
  return <div role="tabpanel">{children}</div>;
}
