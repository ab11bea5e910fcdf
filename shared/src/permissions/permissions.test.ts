import { ROLES } from '../contracts/roles';
import { area as branchesArea } from '../../../mf-branches/src/area';
import { area as itemsArea } from '../../../mf-items/src/area';
import { area as partiesArea } from '../../../mf-parties/src/area';
import { area as purchasesArea } from '../../../mf-purchases/src/area';
import { area as reportsArea } from '../../../mf-reports/src/area';
import { area as salesArea } from '../../../mf-sales/src/area';
import {
  AREAS,
  PERMISSIONS,
  SEE_COST,
  SEE_OTHERS_DOCUMENTS,
  SHELL_ROUTE_PERMISSIONS,
  areasFor,
  can,
  canOpenRoute,
  isPermission,
  permissionsOf,
  type Permission,
} from './index';

const ofArea = (area: string) => PERMISSIONS.filter((p) => p.startsWith(`${area}.`));

describe('permission matrix', () => {
  it('gives OWNER and ADMIN every permission', () => {
    for (const p of PERMISSIONS) {
      expect(can('OWNER', p)).toBe(true);
      expect(can('ADMIN', p)).toBe(true);
    }
  });

  it('gives ACCOUNTANT everything but users and settings', () => {
    for (const p of PERMISSIONS) {
      const expected = !p.startsWith('users.') && !p.startsWith('settings.') && !p.endsWith('.settings');
      expect([p, can('ACCOUNTANT', p)]).toEqual([p, expected]);
    }
    expect(can('ACCOUNTANT', 'audit.view')).toBe(true);
    expect(can('ACCOUNTANT', SEE_COST)).toBe(true);
  });

  it('lets a BILLER bill and take payments, read parties and items, and nothing of cost or of others', () => {
    expect(permissionsOf('BILLER').sort()).toEqual(
      [
        'sales.view', 'sales.create', 'quotations.view', 'quotations.create', 'payments-in.view', 'payments-in.create',
        'parties.view', 'items.view', 'branches.view',
      ].sort(),
    );
    expect(can('BILLER', SEE_COST)).toBe(false);
    expect(can('BILLER', SEE_OTHERS_DOCUMENTS)).toBe(false);
    expect(can('BILLER', 'sales.cancel')).toBe(false);
    expect(can('BILLER', 'parties.create')).toBe(false);
    expect(can('BILLER', 'purchases.view')).toBe(false);
  });

  it('lets a STOCK_KEEPER keep items, stock and purchases but pay nothing', () => {
    for (const p of [...ofArea('stock'), 'purchases.create', 'purchases.cancel', 'items.create', 'items.edit', 'branches.view'] as Permission[]) {
      expect([p, can('STOCK_KEEPER', p)]).toEqual([p, true]);
    }
    for (const p of [...ofArea('payments-out'), ...ofArea('payments-in'), ...ofArea('sales'), 'branches.create', 'items.settings'] as Permission[]) {
      expect([p, can('STOCK_KEEPER', p)]).toEqual([p, false]);
    }
  });

  it('lets a VIEWER read everything but users, settings and the audit trail, and change nothing', () => {
    for (const p of PERMISSIONS) {
      const [area, action] = p.split('.');
      const expected =
        p === SEE_COST || p === SEE_OTHERS_DOCUMENTS || ((action === 'view' || action === 'export') && !['users', 'settings', 'audit'].includes(area));
      expect([p, can('VIEWER', p)]).toEqual([p, expected]);
    }
  });

  it('refuses everything to no role', () => {
    expect(can(null, 'sales.view')).toBe(false);
    expect(can(undefined, 'sales.view')).toBe(false);
  });

  it('names permissions area.action, each once', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(isPermission('purchases.create')).toBe(true);
    expect(isPermission('purchases.fly')).toBe(false);
    for (const role of ROLES) expect(areasFor(role).every((a) => AREAS.includes(a))).toBe(true);
    expect(areasFor('BILLER')).toEqual(['parties', 'items', 'sales', 'quotations', 'payments-in', 'branches']);
  });

  it('knows the permission of every route a remote declares', () => {
    const declared = [branchesArea, itemsArea, partiesArea, purchasesArea, reportsArea, salesArea].flatMap((a) => a.routes);
    expect(declared.filter((r) => !(r in SHELL_ROUTE_PERMISSIONS))).toEqual([]);
    expect(canOpenRoute('BILLER', 'sales/create-invoice')).toBe(true);
    expect(canOpenRoute('BILLER', 'purchases/*')).toBe(false);
    expect(canOpenRoute('OWNER', '/not-declared')).toBe(true);
    expect(canOpenRoute('VIEWER', '/not-declared')).toBe(false);
  });
});
