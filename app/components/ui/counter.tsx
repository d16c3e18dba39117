import { clampCount, counterBounds, counterLabels } from '@core/rules/counter';
import { Button, Group, Input, NumberField } from 'react-aria-components';
import { cx } from '~/lib/cx';
import { AriaProviders } from './aria-providers';
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
  size?: 'sm' | 'md';
  className?: string;
};

/**
 * A quantity control: − value +. A react-aria NumberField, so arrow keys, Page Up/Down, Home/End and typing
 * work, and screen readers hear a spin button; unlike react-aria's default the − and + buttons are in the tab
 * order too, as shoppers expect. Every value is clamped by the shared counter rule.
 */
export function Counter({
  value,
  onChange,
  min,
  max,
  itemName,
  isDisabled,
  size = 'md',
  className,
}: CounterProps) {
  const bounds = counterBounds({ min, max });
  const labels = counterLabels(itemName);
  const current = clampCount(value, bounds);
  const button = cx(
    'inline-flex shrink-0 items-center justify-center rounded-full text-brand-700 transition-colors',
    'hover:bg-brand-100 data-[pressed]:bg-brand-200 data-[disabled]:cursor-not-allowed data-[disabled]:text-muted/60',
    size === 'sm' ? 'size-8' : 'size-10',
  );
  return (
    <AriaProviders>
      <NumberField
        aria-label={labels.field}
        value={current}
        minValue={bounds.min}
        maxValue={bounds.max}
        step={1}
        isDisabled={isDisabled}
        formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
        onChange={(next) => {
          const clamped = clampCount(next, bounds);
          if (clamped !== current) onChange(clamped);
        }}
        className={cx('inline-flex', className)}
      >
        <Group className="inline-flex items-center rounded-full bg-brand-50 p-0.5 data-[focus-within]:ring-2 data-[focus-within]:ring-brand-600 data-[disabled]:opacity-60">
          <Button
            slot="decrement"
            aria-label={labels.decrement}
            excludeFromTabOrder={false}
            className={button}
          >
            <Icon name="minus" className={size === 'sm' ? 'size-4' : 'size-5'} />
          </Button>
          <Input
            className={cx(
              'bg-transparent text-center font-semibold text-ink tabular-nums outline-none',
              size === 'sm' ? 'w-8 text-sm' : 'w-10 text-base',
            )}
          />
          <Button
            slot="increment"
            aria-label={labels.increment}
            excludeFromTabOrder={false}
            className={button}
          >
            <Icon name="plus" className={size === 'sm' ? 'size-4' : 'size-5'} />
          </Button>
        </Group>
      </NumberField>
    </AriaProviders>
  );
}
