import type { NumberBounds } from '@bahi/shared';

interface Bounded<T> {
  min: T;
  max: T;
  step: T;
  precision: number;
}

/**
 * Props for antd's InputNumber from a contract's bounds: min and max (a value outside is not taken while typing and
 * is brought within range on leaving the field), the step of the arrow keys, and the decimals kept. With 'text'
 * the input holds exact decimal strings (stringMode), as money fields do.
 */
export function boundedInput(bounds: NumberBounds): Bounded<number>;
export function boundedInput(bounds: NumberBounds, value: 'text'): Bounded<string> & { stringMode: true };
export function boundedInput(bounds: NumberBounds, value?: 'text') {
  const step = 10 ** -bounds.decimals;
  if (value === 'text') {
    return { stringMode: true, min: String(bounds.min), max: String(bounds.max), step: String(step), precision: bounds.decimals };
  }
  return { min: bounds.min, max: bounds.max, step, precision: bounds.decimals };
}
