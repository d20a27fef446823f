import { useState, type ComponentProps, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/class-names';
import type { Suggestion, SuggestionSource } from './sources';
import { useSuggestions } from './use-suggestions';
import './suggest.css';

type InputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'onSelect' | 'role' | 'ref' | 'id' | 'defaultValue'
>;

export type SuggestComboboxProps<T extends Suggestion> = InputProps & {
  /** The input's id (from Field); the list and options derive theirs from it. */
  id: string;
  /** The field's label: names the list of suggestions («Подсказки: Фамилия»). */
  label: string;
  value: string;
  /** The person typed: the text as it is now. */
  onValueChange: (text: string) => void;
  /** The person chose a suggestion (click, tap or Enter). */
  onSelect: (suggestion: T) => void;
  source: SuggestionSource<T>;
  renderOption?: (suggestion: T) => ReactNode;
  /** After choosing this suggestion keep suggesting for the new text (an address without a house). */
  keepSuggesting?: (suggestion: T) => boolean;
  /** Shorter text asks nothing. */
  minQueryLength?: number;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A text input with suggestions: a WAI-ARIA combobox (list autocomplete) whose listbox shows
 * up to five suggestions. Arrow keys move through them, Enter chooses, Escape closes, a click
 * or tap chooses. Suggestions are help: without an answer the field is a plain input.
 */
export function SuggestCombobox<T extends Suggestion>({
  id,
  label,
  value,
  onValueChange,
  onSelect,
  source,
  renderOption = defaultOption,
  keepSuggesting,
  minQueryLength,
  inputRef,
  className,
  onBlur,
  onKeyDown,
  ...inputProps
}: SuggestComboboxProps<T>) {
  const { t } = useTranslation('suggest');
  const [searching, setSearching] = useState(false);
  const items = useSuggestions(source, searching ? value : null, minQueryLength);
  const [active, setActive] = useState<{ items: readonly T[]; index: number }>({
    items,
    index: -1,
  });
  const activeIndex = active.items === items ? active.index : -1;
  const open = searching && items.length > 0;
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (suggestion: T) => {
    onSelect(suggestion);
    setSearching(keepSuggesting?.(suggestion) ?? false);
  };
  const move = (step: 1 | -1) => {
    const next = activeIndex < 0 && step < 0 ? items.length - 1 : activeIndex + step;
    setActive({ items, index: (next + items.length) % items.length });
  };
  const handleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setSearching(true);
      else move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && open && activeIndex >= 0) {
      event.preventDefault();
      const chosen = items[activeIndex];
      if (chosen) choose(chosen);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setSearching(false);
    }
  };

  return (
    <div className="suggest">
      <input
        autoComplete="off"
        {...inputProps}
        ref={inputRef}
        id={id}
        type={inputProps.type ?? 'text'}
        className={cx('ui-input', className)}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={value}
        onChange={(event) => {
          setSearching(true);
          onValueChange(event.target.value);
        }}
        onKeyDown={handleKey}
        onBlur={(event) => {
          setSearching(false);
          onBlur?.(event);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('listLabel', { field: label })}
        className="suggest__list"
        hidden={!open}
      >
        {open &&
          items.map((item, index) => (
            <li
              key={`${item.unrestricted_value}|${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={cx('suggest__option', index === activeIndex && 'suggest__option--active')}
              // Keeps the focus in the input: the list closes on blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
            >
              {renderOption(item)}
            </li>
          ))}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {open ? t('count', { count: items.length }) : ''}
      </span>
    </div>
  );
}

function defaultOption(suggestion: Suggestion): ReactNode {
  return suggestion.value;
}
