import type { AllocatableKind } from './allocation';

export type PartyPaymentType = 'PAYMENT_IN' | 'PAYMENT_OUT';

/**
 * The bills each kind of payment settles: a payment in, sale invoices; a payment out, purchase bills. Each kind of
 * document registers itself (`registerAllocationKind`), so payments know no document service.
 */
export const ALLOCATION_KINDS: Record<PartyPaymentType, AllocatableKind[]> = { PAYMENT_IN: [], PAYMENT_OUT: [] };

/** A kind of bill that a payment in or out settles, oldest first among the others of its direction. */
export function registerAllocationKind(type: PartyPaymentType, kind: AllocatableKind): void {
  const kinds = ALLOCATION_KINDS[type];
  const at = kinds.findIndex((k) => k.type === kind.type);
  if (at >= 0) kinds[at] = kind;
  else kinds.push(kind);
}
