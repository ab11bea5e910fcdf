import { ROLES, ROLE_LABELS, type Role } from '../contracts/roles';

/**
 * The permission matrix: what each role may do, by area of the product and action. The API refuses a request whose
 * route's permission the user's role lacks (api/src/permissions/routes.ts), the shell opens only the areas a role may
 * view, and screens hide what a user may not use. One matrix for all three; docs/security.md shows it generated.
 *
 * UI-free (no React): the API imports it. `useCan` lives in `@bahi/shared` beside the session.
 */

/** The areas of the product, as the API's routes and the shell's remotes divide it. */
export const AREAS = [
  'parties',
  'items',
  'stock',
  'sales',
  'quotations',
  'payments-in',
  'purchases',
  'payments-out',
  'expenses',
  'cash-bank',
  'reports',
  'gst',
  'einvoice',
  'automated-bills',
  'branches',
  'books',
  'users',
  'settings',
  'audit',
] as const;
export type Area = (typeof AREAS)[number];

export const ACTIONS = ['view', 'create', 'edit', 'cancel', 'export', 'settings'] as const;
export type Action = (typeof ACTIONS)[number];

export const AREA_LABELS: Record<Area, string> = {
  parties: 'Parties',
  items: 'Items',
  stock: 'Stock',
  sales: 'Sales invoices and notes',
  quotations: 'Quotations',
  'payments-in': 'Payments in',
  purchases: 'Purchases',
  'payments-out': 'Payments out',
  expenses: 'Expenses',
  'cash-bank': 'Cash and bank',
  reports: 'Reports',
  gst: 'GST returns',
  einvoice: 'E-invoicing',
  'automated-bills': 'Automated bills',
  branches: 'Store branches',
  books: 'Books (ledger)',
  users: 'Users',
  settings: 'Business settings',
  audit: 'Audit trail',
};

/** The actions that mean something in each area (a permission exists only for these). */
const AREA_ACTIONS = {
  parties: ['view', 'create', 'edit', 'export'],
  items: ['view', 'create', 'edit', 'export', 'settings'],
  stock: ['view', 'edit'],
  sales: ['view', 'create', 'edit', 'cancel', 'export'],
  quotations: ['view', 'create', 'cancel', 'export'],
  'payments-in': ['view', 'create', 'export'],
  purchases: ['view', 'create', 'edit', 'cancel', 'export'],
  'payments-out': ['view', 'create', 'export'],
  expenses: ['view', 'create', 'edit', 'cancel', 'export'],
  'cash-bank': ['view', 'create', 'edit', 'cancel', 'export'],
  reports: ['view', 'export'],
  gst: ['view', 'export', 'settings'],
  einvoice: ['view', 'create', 'settings'],
  'automated-bills': ['view', 'create', 'edit', 'cancel'],
  branches: ['view', 'create', 'edit', 'settings'],
  books: ['view', 'create', 'edit', 'export'],
  users: ['view', 'create', 'edit', 'cancel'],
  settings: ['view', 'edit'],
  audit: ['view', 'export'],
} as const satisfies Record<Area, readonly Action[]>;

const actionsOf = (area: Area): readonly Action[] => AREA_ACTIONS[area];

/** Purchase prices, average cost, stock value, profit and margin: absent from the API's answers without it. */
export const SEE_COST = 'cost.view';
/** Lists and documents made by other users; without it a user sees only the documents they created. */
export const SEE_OTHERS_DOCUMENTS = 'documents.others';

type AreaPermission = { [A in Area]: `${A}.${(typeof AREA_ACTIONS)[A][number]}` }[Area];
export type Permission = AreaPermission | typeof SEE_COST | typeof SEE_OTHERS_DOCUMENTS;

export const areaPermission = (area: Area, action: Action): Permission | null =>
  actionsOf(area).includes(action) ? (`${area}.${action}` as Permission) : null;

/** Every permission, area by area, then the two that cut across areas. */
export const PERMISSIONS: readonly Permission[] = [
  ...AREAS.flatMap((area) => actionsOf(area).map((action) => `${area}.${action}` as Permission)),
  SEE_COST,
  SEE_OTHERS_DOCUMENTS,
];

export const PERMISSION_LABELS: Partial<Record<Permission, string>> = {
  [SEE_COST]: 'See cost and margin',
  [SEE_OTHERS_DOCUMENTS]: "See other users' documents",
};

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

const every = (areas: readonly Area[], actions: readonly Action[] = ACTIONS) =>
  areas.flatMap((area) => actions.map((action) => areaPermission(area, action)).filter((p): p is Permission => p !== null));

const ALL: readonly Permission[] = PERMISSIONS;

/**
 * The rules. OWNER and ADMIN: everything. ACCOUNTANT: everything but users and settings (the business's settings
 * and each area's settings). BILLER: bills at the counter: sales, quotations and payments in (view and create),
 * parties and items to read, the branches to choose from; no cost or margin, and only their own documents.
 * STOCK_KEEPER: items, stock and purchases (not their payments), parties to read (suppliers), branches to read.
 * VIEWER: reads (and exports) everything but users, settings and the audit trail; a viewer may see cost.
 */
const RULES: Record<Role, readonly Permission[]> = {
  OWNER: ALL,
  ADMIN: ALL,
  ACCOUNTANT: ALL.filter((p) => !p.startsWith('users.') && !p.startsWith('settings.') && !p.endsWith('.settings')),
  BILLER: [
    ...every(['sales', 'quotations', 'payments-in'], ['view', 'create']),
    ...every(['parties', 'items', 'branches'], ['view']),
  ],
  STOCK_KEEPER: [
    ...every(['items', 'stock', 'purchases'], ['view', 'create', 'edit', 'cancel', 'export']),
    ...every(['parties', 'branches'], ['view']),
    SEE_COST,
    SEE_OTHERS_DOCUMENTS,
  ],
  VIEWER: [
    ...every(
      AREAS.filter((a) => a !== 'users' && a !== 'settings' && a !== 'audit'),
      ['view', 'export'],
    ),
    SEE_COST,
    SEE_OTHERS_DOCUMENTS,
  ],
};

const GRANTED = new Map<Role, ReadonlySet<Permission>>(ROLES.map((role) => [role, new Set(RULES[role])]));

/** Whether a role holds a permission. An unknown role holds none. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && (GRANTED.get(role)?.has(permission) ?? false);
}

/** Every permission a role holds, in the matrix's order. */
export const permissionsOf = (role: Role): Permission[] => PERMISSIONS.filter((p) => can(role, p));

/** The areas a role may open (it may view them): the shell offers only these. */
export const areasFor = (role: Role): Area[] => AREAS.filter((area) => can(role, `${area}.view` as Permission));

/** The answer's message when a role lacks a permission (403). */
export const forbiddenMessage = (permission: Permission) => `You do not have permission: ${permission}`;

/** What the shell shows on a page of an area the role may not open. */
export const NO_ACCESS = 'You do not have access';

/**
 * The permission each shell route needs, by the path a remote declares (src/area.ts of mf-*): a route not listed
 * here is opened only by a role that holds every permission (fail closed), so a new route must be added.
 */
export const SHELL_ROUTE_PERMISSIONS: Record<string, Permission> = {
  '/store-branch': 'branches.view',
  '/store-branch/:id': 'branches.view',
  'items/*': 'items.view',
  '/items/inventory/:id': 'stock.view',
  'create-category': 'items.create',
  parties: 'parties.view',
  '/party/:id': 'parties.view',
  'parties/create-party': 'parties.create',
  '/parties/create-party/:id': 'parties.edit',
  'purchases/*': 'purchases.view',
  '/purchases/invoice/:id': 'purchases.view',
  '/purchases/invoice/:id/debit-note': 'purchases.create',
  '/purchases/debit-note/:id': 'purchases.view',
  'purchase/create-invoice': 'purchases.create',
  expenses: 'expenses.view',
  reports: 'reports.view',
  '/reports/sales': 'reports.view',
  '/reports/purchase': 'reports.view',
  '/reports/ledger': 'reports.view',
  '/reports/gstr1': 'gst.view',
  '/reports/stock-summary': 'reports.view',
  '/reports/day-book': 'reports.view',
  '/reports/item-profit': 'reports.view',
  '/reports/gstr3b': 'gst.view',
  '/reports/cmp08': 'gst.view',
  '/reports/trial-balance': 'books.view',
  '/reports/profit-loss': 'books.view',
  '/reports/balance-sheet': 'books.view',
  '/reports/accounts': 'books.view',
  '/reports/accounts/:id': 'books.view',
  '/reports/journal/new': 'books.create',
  'cash-bank': 'cash-bank.view',
  'sales/*': 'sales.view',
  '/sales/invoice/:id': 'sales.view',
  '/sales/invoice/:id/credit-note': 'sales.create',
  '/sales/invoice/:id/debit-note': 'sales.create',
  '/sales/credit-note/:id': 'sales.view',
  '/sales/debit-note/:id': 'sales.view',
  'sales/create-invoice': 'sales.create',
  'sales/create-quotation': 'quotations.create',
  '/sales/quotation/:id': 'quotations.view',
  'e-invoicing': 'einvoice.view',
  'automated-bills': 'automated-bills.view',
};

const barePath = (path: string) => path.replace(/^\/+/, '').replace(/\/\*$/, '').replace(/\/+$/, '');

/** The permission a link's path needs (`/reports/day-book`, `/cash-bank`), by the route that declares it; null for none. */
export function permissionOfPath(path: string): Permission | null {
  const bare = barePath(path);
  const key = Object.keys(SHELL_ROUTE_PERMISSIONS).find((declared) => barePath(declared) === bare);
  return key ? SHELL_ROUTE_PERMISSIONS[key] : null;
}

/** Whether a role may open a shell route (by the path its remote declares). */
export function canOpenRoute(role: Role | null | undefined, declared: string): boolean {
  const permission = SHELL_ROUTE_PERMISSIONS[declared];
  return permission ? can(role, permission) : !!role && PERMISSIONS.every((p) => can(role, p));
}

/** The matrix as a Markdown table (docs/security.md holds it; a test keeps the two equal). */
export function permissionMatrixMarkdown(): string {
  const header = `| Permission | ${ROLES.map((r) => ROLE_LABELS[r]).join(' | ')} |`;
  const rule = `|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = PERMISSIONS.map((p) => {
    const label = PERMISSION_LABELS[p] ? `${PERMISSION_LABELS[p]} (\`${p}\`)` : `\`${p}\``;
    return `| ${label} | ${ROLES.map((r) => (can(r, p) ? 'yes' : '-')).join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
