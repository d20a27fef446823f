import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUGGESTION_DEBOUNCE_MS } from '@zaymo/contract';
import type { Suggestion, SuggestionSource } from './sources';
import { SuggestCombobox } from './suggest-combobox';
import { advanceTimers } from '../../../test/timers';

type Item = Suggestion & { data: { house: boolean } };

function item(value: string, house = true): Item {
  return { value, unrestricted_value: value, data: { house } };
}

type Pending = { query: string; signal: AbortSignal; resolve: (items: Item[]) => void };

/** A source whose answers the test gives by hand, in any order. */
function manualSource() {
  const calls: Pending[] = [];
  const source: SuggestionSource<Item> = {
    key: 'test',
    fetch: (query, signal) =>
      new Promise<Item[]>((resolve) => calls.push({ query, signal, resolve })),
  };
  return { source, calls };
}

function Harness({
  source,
  onSelect = () => undefined,
  keepSuggesting,
}: {
  source: SuggestionSource<Item>;
  onSelect?: (suggestion: Item) => void;
  keepSuggesting?: (suggestion: Item) => boolean;
}) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="city">Город</label>
      <SuggestCombobox
        id="city"
        label="Город"
        value={value}
        onValueChange={setValue}
        onSelect={(suggestion) => {
          setValue(suggestion.value);
          onSelect(suggestion);
        }}
        source={source}
        {...(keepSuggesting ? { keepSuggesting } : {})}
      />
    </form>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Город' });

function typeText(text: string) {
  fireEvent.input(input(), { target: { value: text } });
}

async function answer(pending: Pending | undefined, items: Item[]) {
  await act(async () => {
    pending?.resolve(items);
    await Promise.resolve();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SuggestCombobox', () => {
  it('asks once, 333 ms after the last key', () => {
    const { source, calls } = manualSource();
    render(<Harness source={source} />);
    input().focus();

    typeText('М');
    advanceTimers(200);
    typeText('Мо');
    advanceTimers(SUGGESTION_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);

    advanceTimers(1);
    expect(calls.map((call) => call.query)).toEqual(['Мо']);
  });

  it('shows at most five options in a labelled listbox', async () => {
    const { source, calls } = manualSource();
    render(<Harness source={source} />);
    typeText('Мо');
    advanceTimers(SUGGESTION_DEBOUNCE_MS);

    await answer(
      calls[0],
      ['1', '2', '3', '4', '5', '6', '7'].map((n) => item(`Москва ${n}`)),
    );

    const listbox = screen.getByRole('listbox', { name: 'Подсказки: Город' });
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
  });

  it('moves with the arrow keys and chooses with Enter', async () => {
    const onSelect = vi.fn();
    const { source, calls } = manualSource();
    render(<Harness source={source} onSelect={onSelect} />);
    typeText('Мо');
    advanceTimers(SUGGESTION_DEBOUNCE_MS);
    await answer(calls[0], [item('Москва'), item('Мозырь'), item('Моршанск')]);

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', options[1]?.id);

    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');

    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(item('Моршанск'));
    expect(input()).toHaveValue('Моршанск');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape and opens again with the down arrow', async () => {
    const { source, calls } = manualSource();
    render(<Harness source={source} />);
    typeText('Мо');
    advanceTimers(SUGGESTION_DEBOUNCE_MS);
    await answer(calls[0], [item('Москва')]);

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    advanceTimers(SUGGESTION_DEBOUNCE_MS);
    await answer(calls[1], [item('Москва')]);
    expect(screen.getByRole('option', { name: 'Москва' })).toBeInTheDocument();
  });

  it('chooses with a click', async () => {
    const onSelect = vi.fn();
    const { source, calls } = manualSource();
    render(<Harness source={source} onSelect={onSelect} />);
    typeText('Мо');
    advanceTimers(SUGGESTION_DEBOUNCE_MS);
    await answer(calls[0], [item('Москва')]);

    fireEvent.click(screen.getByRole('option', { name: 'Москва' }));

    expect(onSelect).toHaveBeenCalledWith(item('Москва'));
    expect(input()).toHaveValue('Москва');
  });

  it('aborts the older request and ignores its late answer', async () => {
    const { source, calls } = manualSource();
    render(<Harness source={source} />);
    typeText('Мо');
    advanceTimers(SUGGESTION_DEBOUNCE_MS);
    typeText('Мос');
    advanceTimers(SUGGESTION_DEBOUNCE_MS);
    expect(calls.map((call) => call.query)).toEqual(['Мо', 'Мос']);
    expect(calls[0]?.signal.aborted).toBe(true);

    await answer(calls[1], [item('Москва')]);
    await answer(calls[0], [item('Мозырь')]);

    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Москва']);
  });

  it('shows nothing when the request fails and the field still works', async () => {
    const source: SuggestionSource<Item> = {
      key: 'failing',
      fetch: () => Promise.reject(new Error('503')),
    };
    render(<Harness source={source} />);
    typeText('Мо');
    await act(async () => {
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS);
      await Promise.resolve();
    });

    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).toHaveValue('Мо');
  });

  it('asks nothing for blank text', () => {
    const { source, calls } = manualSource();
    render(<Harness source={source} />);
    typeText('   ');
    advanceTimers(SUGGESTION_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(0);
  });

  it('keeps suggesting after a choice that needs more detail', async () => {
    const { source, calls } = manualSource();
    render(<Harness source={source} keepSuggesting={(chosen) => !chosen.data.house} />);
    typeText('Твер');
    advanceTimers(SUGGESTION_DEBOUNCE_MS);
    await answer(calls[0], [item('ул Тверская', false)]);

    fireEvent.click(screen.getByRole('option', { name: 'ул Тверская' }));
    advanceTimers(SUGGESTION_DEBOUNCE_MS);

    expect(calls.map((call) => call.query)).toEqual(['Твер', 'ул Тверская']);
    await answer(calls[1], [item('ул Тверская, д 7')]);
    expect(screen.getByRole('option', { name: 'ул Тверская, д 7' })).toBeInTheDocument();
  });
});
