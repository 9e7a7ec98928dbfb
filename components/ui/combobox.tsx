'use client';

import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import styles from '@/components/ui/combobox.module.css';
import fieldStyles from '@/components/ui/field.module.css';
import { createOptionFilter } from '@/lib/domain/turkish-search';

export interface ComboboxOption {
  value: number | string;
  text: string;
}

/** How many matches are drawn at once; typing narrows the rest. */
const VISIBLE_LIMIT = 200;

/**
 * A select with a search box (the ARIA 1.2 editable combobox with a list popup): typing filters
 * case-insensitively with Turkish i/ı handling, arrows move, Enter picks, Escape closes.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  placeholder,
  noMatches,
  moreMatches,
  error,
  disabled,
  id: givenId,
  optionsLang,
  autoFocus,
}: {
  label: string;
  options: readonly ComboboxOption[];
  value: ComboboxOption['value'] | null;
  onChange: (option: ComboboxOption) => void;
  placeholder: string;
  noMatches: string;
  moreMatches: (count: number) => string;
  error?: ReactNode;
  disabled?: boolean;
  /** The input's id, for a form's error summary to link to. */
  id?: string;
  /** The language of the options where it is not the page's (upstream data only in Turkish). */
  optionsLang?: string;
  /** Focus on mount: a field a failed submit asked for, whose list arrived after it. */
  autoFocus?: boolean;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((option) => option.value === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const filter = useMemo(() => createOptionFilter(options), [options]);
  const matches = useMemo(() => filter(query ?? ''), [filter, query]);
  const visible = matches.slice(0, VISIBLE_LIMIT);

  const optionId = (index: number) => `${id}-option-${index}`;
  const show = (index: number) => {
    setActive(index);
    listRef.current?.querySelector(`#${CSS.escape(optionId(index))}`)?.scrollIntoView({ block: 'nearest' });
  };
  const choose = (option: ComboboxOption) => {
    onChange(option);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else show(Math.min(active + 1, visible.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show(Math.max(active - 1, 0));
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      show(0);
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      show(Math.max(visible.length - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = visible[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setQuery(null);
      setOpen(false);
    }
  };

  return (
    <div className={`${fieldStyles.field} ${styles.combobox}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        className={fieldStyles.control}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && visible[active] ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        lang={optionsLang}
        autoFocus={autoFocus}
        value={query ?? selected?.text ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // A click on an option lands after blur; let it pick first.
          setTimeout(() => {
            if (document.activeElement !== inputRef.current) {
              setQuery(null);
              setOpen(false);
            }
          }, 150);
        }}
      />
      <ul id={listId} ref={listRef} role="listbox" aria-label={label} lang={optionsLang} className={styles.list} hidden={!open}>
        {open && visible.length === 0 ? (
          <li className={styles.empty} role="presentation">
            {noMatches}
          </li>
        ) : null}
        {open
          ? visible.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                className={`${styles.option} ${index === active ? styles.active : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => {
                  choose(option);
                  inputRef.current?.focus();
                }}
              >
                {option.text}
              </li>
            ))
          : null}
        {open && matches.length > VISIBLE_LIMIT ? (
          <li className={styles.empty} role="presentation">
            {moreMatches(matches.length - VISIBLE_LIMIT)}
          </li>
        ) : null}
      </ul>
      <span id={errorId} className={fieldStyles.error} role="alert">
        {error}
      </span>
    </div>
  );
}
