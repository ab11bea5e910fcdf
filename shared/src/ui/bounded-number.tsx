import { InputNumber } from 'antd';
import type { InputNumberProps } from 'antd';
import type { NumberBounds } from '@bahi/shared';
import { boundedInput } from './number-input';

type BoundedProps<T extends number | string> = Omit<InputNumberProps<T>, 'min' | 'max' | 'step' | 'precision' | 'stringMode'> & {
  /** The contract's bounds (min, max, decimals): what the zod rule accepts. */
  bounds: NumberBounds;
};

const FULL_WIDTH = { width: '100%' };

/**
 * A number input within a contract's bounds (see boundedInput), as wide as its column unless `style` says
 * otherwise. Inside a Form.Item it takes the item's value, id, handlers and ref (a prop in React 19) like
 * InputNumber itself.
 */
export function BoundedNumber({ bounds, style, ...rest }: BoundedProps<number>) {
  return <InputNumber<number> {...boundedInput(bounds)} style={style ?? FULL_WIDTH} {...rest} />;
}

/**
 * BoundedNumber holding the exact decimal text (stringMode), as money is carried; `rupees` puts ₹ in front.
 */
export function BoundedDecimal({ bounds, style, rupees, ...rest }: BoundedProps<string> & { rupees?: boolean }) {
  return <InputNumber<string> {...boundedInput(bounds, 'text')} prefix={rupees ? '₹' : undefined} style={style ?? FULL_WIDTH} {...rest} />;
}
