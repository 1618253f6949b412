import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { IslandProps } from '../../../runtime/islands/Island.tsx';
import { storage, storageKeys } from '../../../runtime/storage.ts';

export interface TabsViewProps {
  /** Unique on the page: the prefix of the tabs' and panels' ids. */
  id: string;
  /** Tab groups with one id show the same choice, and the choice is stored. */
  groupId?: string;
  /** The query-string key that selects a tab (`?os=mac`), when set. */
  queryString?: string;
  tabs: { value: string; label: string }[];
  /** The tab shown by the server. */
  selected: string;
  className?: string;
}

/** Tab groups on one page tell each other about a choice with this event. */
const CHOICE_EVENT = 'site:tab-choice';

// Runs before the browser paints on the client; on the server, as a plain effect (never).
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The tab strip (an island): ARIA tabs with arrow, Home and End keys. On the page it
 * shows the query string's choice, else the reader's stored choice for the group, else
 * the server's; choosing a tab stores it under `docusaurus.tab.{groupId}` and every group
 * with that id follows.
 */
export function TabsView({ id, groupId, queryString, tabs, selected: initial, className, slots }: IslandProps<TabsViewProps>) {
  const [selected, setSelected] = useState(initial);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const known = (value: string | null | undefined): value is string => !!value && tabs.some((t) => t.value === value);

  useBeforePaint(() => {
    const fromQuery = queryString ? new URLSearchParams(window.location.search).get(queryString) : null;
    const stored = groupId ? storage.get(storageKeys.tabGroup(groupId)) : null;
    const choice = [fromQuery, stored].find(known);
    if (choice) setSelected(choice);
    if (!groupId) return;
    const follow = (event: Event) => {
      const detail = (event as CustomEvent<{ groupId: string; value: string }>).detail;
      if (detail.groupId === groupId && known(detail.value)) setSelected(detail.value);
    };
    window.addEventListener(CHOICE_EVENT, follow);
    return () => window.removeEventListener(CHOICE_EVENT, follow);
  }, []);

  const choose = (value: string) => {
    setSelected(value);
    if (groupId) {
      storage.set(storageKeys.tabGroup(groupId), value);
      window.dispatchEvent(new CustomEvent(CHOICE_EVENT, { detail: { groupId, value } }));
    }
    if (queryString) {
      const url = new URL(window.location.href);
      url.searchParams.set(queryString, value);
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const n = tabs.length;
    const next = event.key === 'ArrowRight' ? (i + 1) % n : event.key === 'ArrowLeft' ? (i - 1 + n) % n : event.key === 'Home' ? 0 : event.key === 'End' ? n - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    choose(tabs[next]!.value);
  };

  return (
    <div className={['tabs-container', className].filter(Boolean).join(' ')} data-group-id={groupId}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {tabs.map((tab, i) => (
          <button
            key={tab.value}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-controls={`${id}-panel-${i}`}
            aria-selected={tab.value === selected}
            tabIndex={tab.value === selected ? 0 : -1}
            className="tabs__item"
            data-value={tab.value}
            onClick={() => choose(tab.value)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.value} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} className="tabs__panel" data-value={tab.value} hidden={tab.value !== selected}>
          {slots[i]}
        </div>
      ))}
    </div>
  );
}

export default TabsView;
