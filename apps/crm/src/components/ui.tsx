import {
  useId,
  type ButtonHTMLAttributes,
  type ComponentProps,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { errorText } from '@/lib/error-text';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  loading?: boolean;
};

/** A button that says it is busy (and takes no second click) while its call runs. */
export function Button({ variant = 'primary', loading = false, children, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`button button--${variant} ${rest.className ?? ''}`.trim()}
      disabled={rest.disabled || loading}
      aria-busy={loading || undefined}
    >
      {children}
    </button>
  );
}

type FieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

/** A labelled input with its hint and its error (announced, tied by aria-describedby). */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string | number; label: string }[];
  /** The first option, «all» of a filter; none when a choice is required. */
  anyLabel?: string;
};

/** A labelled select of `options`. */
export function SelectField({ label, options, anyLabel, id, ...select }: SelectFieldProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select id={selectId} {...select}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A short failure under what failed (announced). Nothing when there is none. */
export function ErrorText({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <p className="field__error" role="alert">
      {children}
    </p>
  );
}

export function Loading({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A failed call: the server's Russian message and, when it helps, a retry. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{errorText(error)}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Повторить
        </Button>
      )}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** «Нет …» in place of an empty list. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/** A wide table that scrolls sideways on a narrow screen instead of widening the page. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

type PagedList = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** «Показать ещё» under a list read a page at a time (useInfiniteQuery); nothing on the last page. */
export function MoreButton({ list }: { list: PagedList }) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => void list.fetchNextPage()}
      loading={list.isFetchingNextPage}
    >
      Показать ещё
    </Button>
  );
}
