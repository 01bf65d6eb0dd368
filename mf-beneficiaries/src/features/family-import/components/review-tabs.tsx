import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button<{ $selected: boolean }>`
  padding-block: ${({ theme }) => theme.space.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  border: none;
  border-block-end: 3px solid
    ${({ theme, $selected }) => ($selected ? theme.colors.primary : 'transparent')};
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: ${({ theme, $selected }) =>
    $selected ? theme.font.weight.semibold : theme.font.weight.regular};
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Panel = styled.div`
  padding-block-start: ${({ theme }) => theme.space.md};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export interface ReviewTab<K extends string> {
  id: K;
  label: ReactNode;
}

export interface ReviewTabsProps<K extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly ReviewTab<K>[];
  selected: K;
  onSelect: (id: K) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * Tabs in the ARIA pattern: one tab stop (the selected tab), the arrow keys move along the row
 * in reading direction (right to left: ← is the next tab), Home and End to the ends; selection
 * follows focus. shared-ui has no tabs yet; this is written to move there unchanged.
 */
export function ReviewTabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: ReviewTabsProps<K>) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  const move = (event: KeyboardEvent) => {
    const rtl = getComputedStyle(event.currentTarget).direction !== 'ltr';
    const step: Record<string, number> = {
      ArrowLeft: rtl ? 1 : -1,
      ArrowRight: rtl ? -1 : 1,
    };
    let next: number | undefined;
    if (event.key in step) next = (index + (step[event.key] ?? 0) + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div>
      <List role="tablist" aria-label={label} onKeyDown={move}>
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            $selected={tab.id === selected}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </Tab>
        ))}
      </List>
      <Panel
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${selected}`}
        tabIndex={0}
      >
        {children}
      </Panel>
    </div>
  );
}
