import { z } from 'zod';

/**
 * The roles a user of a business holds. OWNER and ADMIN manage users and settings; ACCOUNTANT does everything but
 * users and settings; BILLER bills at the counter; STOCK_KEEPER keeps items, stock and purchases; VIEWER reads.
 * What each may do is the permission matrix (`@bahi/shared/permissions`).
 */
export const ROLES = ['OWNER', 'ADMIN', 'ACCOUNTANT', 'BILLER', 'STOCK_KEEPER', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

export const ROLE_LABELS: Record<Role, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  ACCOUNTANT: 'Accountant',
  BILLER: 'Biller',
  STOCK_KEEPER: 'Stock keeper',
  VIEWER: 'Viewer',
};
