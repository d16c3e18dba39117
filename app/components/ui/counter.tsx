import { clampCount, counterBounds, counterLabels } from '@core/rules/counter';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cx } from '~/lib/cx';
import { Icon } from './icon';

export type CounterProps = {
  value: number;
  onChange: (value: number) => void;
  /** Lowest value (default 0); favourites use 1. */
  min?: number;
  /** Highest value (default 999); the basket passes the point's stock. */
  max?: number;
  /**
   * Whose quantity this is, e.g. 'Молоко 3,2%': the field is then 'Количество: Молоко 3,2%' and its buttons
   * 'Уменьшить количество: Молоко 3,2%' and 'Увеличить количество: …' (core/rules/counter.ts).
   */
  itemName?: string;
  isDisabled?: boolean;
  className?: string;
};

/** The keys that step a counter's field, and by how much. */
const KEY_STEPS: Readonly<Record<string, number>> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

/**
 * A quantity control: − value +, a text field between two buttons, all in the tab order. Typing is kept
 * aside until Enter or leaving the field, then clamped by the shared counter rule (a field emptied or left
 * with nothing sensible goes back to the value; Escape too). The arrow keys step by one, Page Up and Page
 * Down by ten, Home and End go to the ends. The field is a textbox (as react-aria's NumberField makes it:
 * VoiceOver on iOS cannot type into a spin button) in a group of the same name. It was react-aria's
 * NumberField, 27 KB of JavaScript on /basket's first load for this (ADR 044).
 */
export function Counter({ value, onChange, min, max, itemName, isDisabled, className }: CounterProps) {
  const bounds = counterBounds({ min, max });
  const labels = counterLabels(itemName);
  const current = clampCount(value, bounds);
  const [draft, setDraft] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const commit = (next: number) => {
    setDraft(null);
    const clamped = clampCount(next, bounds);
    if (clamped !== current) onChange(clamped);
    return clamped;
  };
  /** What the field holds now: the typing, when it is a number, else the value. */
  const typed = () => {
    const number = draft === null ? Number.NaN : Number.parseInt(draft, 10);
    return Number.isNaN(number) ? current : number;
  };
  const press = (delta: number) => {
    const next = commit(current + delta);
    // The button just pressed is disabled at the end it reached: keep the focus in the counter.
    if (next === bounds.min || next === bounds.max) field.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = KEY_STEPS[event.key];
    let next: number | undefined;
    if (step !== undefined) next = typed() + step;
    else if (event.key === 'Home') next = bounds.min;
    else if (event.key === 'End') next = bounds.max;
    else if (event.key === 'Enter') next = typed();
    else if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      setDraft(null);
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    commit(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's border and legend are not this control's.
    <div
      role="group"
      aria-label={labels.field}
      aria-disabled={isDisabled || undefined}
      className={cx(
        'inline-flex items-center rounded-full bg-brand-50 p-0.5 focus-within:ring-2 focus-within:ring-brand-600 aria-disabled:opacity-60',
        className,
      )}
    >
      <button
        type="button"
        aria-label={labels.decrement}
        disabled={isDisabled || current <= bounds.min}
        onClick={() => press(-1)}
        className="line-step"
      >
        <Icon name="minus" className="size-4" />
      </button>
      <input
        ref={field}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={labels.field}
        maxLength={String(bounds.max).length}
        disabled={isDisabled}
        value={draft ?? String(current)}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (draft !== null) commit(typed());
        }}
        className="w-8 bg-transparent text-center text-sm font-semibold text-ink tabular-nums outline-none"
      />
      <button
        type="button"
        aria-label={labels.increment}
        disabled={isDisabled || current >= bounds.max}
        onClick={() => press(1)}
        className="line-step"
      >
        <Icon name="plus" className="size-4" />
      </button>
    </div>
  );
}
