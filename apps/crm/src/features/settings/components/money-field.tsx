import { parseMoney, toMoneyString } from '@zaymo/contract';
import { useState } from 'react';
import { Field } from '@/components/ui';

/** «30 000,50» as a person types it ← → «30000.50» as the form and the wire keep it. */
function shown(value: string): string {
  return value.replace('.', ',');
}

/**
 * Roubles with kopecks typed in any usual way («30000», «30 000,5»): the form's value is the
 * wire's decimal string, made by the contract's parseMoney through kopecks (never a float).
 * Text that is not money is kept as typed, so the schema shows its message under the field.
 */
export function MoneyField({
  label,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState(() => shown(value));
  return (
    <Field
      label={`${label}, ₽`}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={error}
      onBlur={() => {
        const kopecks = parseMoney(text);
        if (kopecks !== null) setText(shown(toMoneyString(kopecks)));
        onBlur();
      }}
      onChange={(event) => {
        setText(event.target.value);
        const kopecks = parseMoney(event.target.value);
        onChange(kopecks === null ? event.target.value.trim() : toMoneyString(kopecks));
      }}
    />
  );
}
