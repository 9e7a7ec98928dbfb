'use client';

import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styles from '@/components/ui/tabs.module.css';
import { tabIndexForKey } from '@/lib/profile/tabs';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * Tabs of the WAI-ARIA pattern: one tab stop (the selected tab), arrows, Home and End move and
 * select, every panel labelled by its tab. Only the selected panel renders its content.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  autoFocus = false,
  look = 'pills',
  children,
}: {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The popup puts focus on the selected tab when it opens. */
  autoFocus?: boolean;
  /** Pills (a view's sections) or underlined (a small switch inside a form). */
  look?: 'pills' | 'underline';
  /** The selected panel's content. */
  children: ReactNode;
}) {
  const id = useId();
  const tabs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = (key: K) => `${id}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items.findIndex((item) => item.key === selected);
    const next = tabIndexForKey(event.key, current, items.length);
    const item = next === null ? undefined : items[next];
    if (!item) return;
    event.preventDefault();
    onSelect(item.key);
    tabs.current.get(item.key)?.focus();
  };

  return (
    <div className={styles[look]}>
      <div role="tablist" aria-label={label} className={`${styles.tabList} ${items.length === 1 ? styles.single : ''}`} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const active = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) tabs.current.set(item.key, element);
                else tabs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={active}
              aria-controls={panelId(item.key)}
              tabIndex={active ? 0 : -1}
              data-autofocus={active && autoFocus ? '' : undefined}
              className={styles.tab}
              onClick={() => onSelect(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={panelId(item.key)}
          aria-labelledby={tabId(item.key)}
          hidden={item.key !== selected}
          tabIndex={0}
          className={styles.panel}
        >
          {item.key === selected ? children : null}
        </div>
      ))}
    </div>
  );
}
