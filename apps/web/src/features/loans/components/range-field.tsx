import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';

export type RangeCodec = {
  /** The value as the number field shows it. */
  toInput: (value: number) => string;
  /** What the client typed, as a value; null when it is not a number. */
  fromInput: (text: string) => number | null;
  /** The value for people: «10 000 ₽», «30 дней». */
  format: (value: number) => string;
};

type RangeFieldProps = {
  label: string;
  inputLabel: string;
  unit: string;
  value: number;
  min: number;
  max: number;
  step: number;
  codec: RangeCodec;
  onChange: (value: number) => void;
};

/**
 * A slider (<input type=range>) with a linked number field: the slider moves by the step; the
 * field takes a typed value on Enter or on leaving it, and the calculator snaps it to the limits.
 */
export function RangeField({
  label,
  inputLabel,
  unit,
  codec,
  onChange,
  ...range
}: RangeFieldProps) {
  const id = useId();
  const { value, min, max, step } = range;
  return (
    <div className="loan-range">
      <div className="loan-range__head">
        <label className="loan-range__label" htmlFor={`${id}-slider`}>
          {label}
        </label>
        <NumberBox
          id={`${id}-input`}
          label={inputLabel}
          unit={unit}
          value={value}
          range={range}
          codec={codec}
          onCommit={onChange}
        />
      </div>
      <input
        id={`${id}-slider`}
        className="loan-range__slider"
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={codec.format(value)}
        aria-controls={`${id}-input`}
        onChange={(event) => onChange(Number(event.target.value))}
        style={{ '--loan-range-fill': fillPercent(value, min, max) } as CSSProperties}
      />
      <div className="loan-range__limits" aria-hidden="true">
        <span>{codec.format(min)}</span>
        <span>{codec.format(max)}</span>
      </div>
    </div>
  );
}

type NumberBoxProps = {
  id: string;
  label: string;
  unit: string;
  value: number;
  range: { min: number; max: number; step: number };
  codec: RangeCodec;
  onCommit: (value: number) => void;
};

function NumberBox({ id, label, unit, value, range, codec, onCommit }: NumberBoxProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const typed = codec.fromInput(draft);
    setDraft(null);
    if (typed !== null) onCommit(typed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  return (
    <span className="loan-range__box">
      <input
        id={id}
        className="loan-range__input"
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={codec.toInput(range.min)}
        max={codec.toInput(range.max)}
        step={codec.toInput(range.step)}
        value={draft ?? codec.toInput(value)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <span className="loan-range__unit" aria-hidden="true">
        {unit}
      </span>
    </span>
  );
}

/** How far along the track the thumb is, for the filled part of the track. */
function fillPercent(value: number, min: number, max: number): string {
  if (max <= min) return '100%';
  return `${Math.round(((value - min) * 100) / (max - min))}%`;
}
