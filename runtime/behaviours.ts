import { storage, storageKeys } from './storage.ts';

/**
 * Behaviour for server-rendered Markdown (tabs, copy buttons), attached once by event
 * delegation so no content component has to ship to the browser.
 */
export function installContentBehaviours(): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const tab = target?.closest<HTMLElement>('.tabs-container [role="tab"]');
    if (tab) {
      selectTab(tab, true);
      return;
    }
    const copy = target?.closest<HTMLButtonElement>('.code-block__copy');
    if (copy) void copyCode(copy);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const tab = (event.target as Element | null)?.closest<HTMLElement>('.tabs-container [role="tab"]');
    if (!tab) return;
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')];
    const i = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length] : event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs[tabs.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    next.focus();
    selectTab(next, true);
  };
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('keydown', onKeyDown);
  };
}

/** Shows the tab's panel; with `remember`, every tab group with the same id follows and the choice is stored. */
function selectTab(tab: HTMLElement, remember: boolean) {
  const container = tab.closest<HTMLElement>('.tabs-container')!;
  const value = tab.dataset.value!;
  const group = container.dataset.groupId;
  const containers = group && remember ? document.querySelectorAll<HTMLElement>(`.tabs-container[data-group-id="${CSS.escape(group)}"]`) : [container];
  for (const c of containers) showValue(c, value);
  if (group && remember) storage.set(storageKeys.tabGroup(group), value);
}

function showValue(container: HTMLElement, value: string) {
  const tabs = container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]');
  if (![...tabs].some((t) => t.dataset.value === value)) return;
  for (const t of tabs) {
    const on = t.dataset.value === value;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) panel.hidden = panel.dataset.value !== value;
}

/** After each page render: show every group's stored choice. */
export function restoreTabChoices(root: ParentNode = document): void {
  for (const container of root.querySelectorAll<HTMLElement>('.tabs-container[data-group-id]')) {
    const stored = storage.get(storageKeys.tabGroup(container.dataset.groupId!));
    if (stored) showValue(container, stored);
  }
}

async function copyCode(button: HTMLButtonElement) {
  const code = button.closest('.theme-code-block')?.querySelector('code')?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(code);
    button.textContent = 'Copied';
    button.setAttribute('aria-label', 'Copied');
  } catch (error) {
    console.error('Could not copy the code to the clipboard.', error);
    button.textContent = 'Copy failed';
  }
  setTimeout(() => {
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code to clipboard');
  }, 2000);
}
