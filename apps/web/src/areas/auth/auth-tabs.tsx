import { createContext, type KeyboardEvent, type ReactNode, useContext, useId } from 'react';
import { tabsContentClassName, tabsListClassName, tabsTriggerClassName } from '@/components/ui/tabs-styles';
import { cn } from '@/lib/cn';

/**
 * The Sign In and Sign Up tabs, as Radix's tabs behave where /auth uses them (controlled, both panels kept mounted)
 * and with their look, but without Radix's tabs, collection and roving focus: 6 kB gzip off the page people arrive
 * on to sign in (decision 0190). The WAI-ARIA tabs pattern: Tab reaches the selected tab, the arrow keys (looping),
 * Home and End move between the tabs and select the one they reach; a click or a tap selects as the button goes down.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Auth tabs must be inside AuthTabs');
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function AuthTabs({ value, onValueChange, children }: { value: string; onValueChange: (value: string) => void; children: ReactNode }) {
  const baseId = useId();
  return (
    <TabsContext value={{ value, select: onValueChange, baseId }}>
      <div>{children}</div>
    </TabsContext>
  );
}

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function AuthTabsList({ className, children }: { className?: string; children: ReactNode }) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    // Focusing a tab selects it (AuthTabsTrigger's onFocus).
    tabs[move(index, tabs.length)]?.focus();
  }
  return (
    <div role="tablist" aria-orientation="horizontal" className={cn(tabsListClassName, className)} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

export function AuthTabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  const { value: selected, select, baseId } = useTabs();
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-selected={active}
      aria-controls={panelId(baseId, value)}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      className={tabsTriggerClassName}
      onMouseDown={(event) => {
        // As Radix: the main button selects at once; a ctrl-click (a context menu on a Mac) neither selects nor focuses.
        if (event.button === 0 && !event.ctrlKey) select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') select(value);
      }}
      onFocus={() => {
        if (!active) select(value);
      }}
    >
      {children}
    </button>
  );
}

/** A tab's panel, always mounted: hidden while its tab is not selected, so what was typed in it is kept. */
export function AuthTabsContent({ value, children }: { value: string; children: ReactNode }) {
  const { value: selected, baseId } = useTabs();
  const active = value === selected;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state={active ? 'active' : 'inactive'}
      hidden={!active}
      tabIndex={0}
      className={tabsContentClassName}
    >
      {children}
    </div>
  );
}
