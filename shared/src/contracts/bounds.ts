import { MONEY_MAX } from './money';

/**
 * The range and precision of a number field. The contract's rule and the input where the number is typed both
 * read the same bounds, so a form never accepts what the save refuses.
 */
export interface NumberBounds {
  min: number;
  max: number;
  /** Decimal places allowed: 0 for whole numbers, 2 for money. */
  decimals: number;
}

/** An amount of money ≥ 0 that numeric(14,2) holds. */
export const MONEY_BOUNDS: NumberBounds = { min: 0, max: Number(MONEY_MAX), decimals: 2 };
/** An amount that may be negative (an opening balance the business owes). */
export const SIGNED_MONEY_BOUNDS: NumberBounds = { min: -Number(MONEY_MAX), max: Number(MONEY_MAX), decimals: 2 };
