import type { Area, Permission } from '@bahi/shared/permissions';

/**
 * The permission every signed-in route needs, by method and URL as registered (prefix included): one map for the
 * whole API. The app refuses to start when a route under /api is neither here nor public (`PUBLIC_ROUTES`), so a
 * new route cannot go out unguarded; `requireAuth` answers 403 to a role without the route's permission.
 */

/** A permission that depends on the query: a report's file export needs `export`, a payments list its direction. */
export interface QueryRule {
  pick(query: Record<string, unknown>): Permission;
  /** Every permission `pick` can answer (the docs and the tests walk them). */
  permissions: readonly Permission[];
}

/** Any signed-in user: their own profile, the shell's list of areas (filtered by role). */
export const SIGNED_IN = 'signed-in' as const;

export type RouteRule = Permission | QueryRule | typeof SIGNED_IN;

const FILE_FORMATS = new Set(['xlsx', 'csv', 'pdf']);

/** A read that becomes an export when `format` asks for a file. */
const viewOrExport = (area: Area): QueryRule => {
  const view = `${area}.view` as Permission;
  const exp = `${area}.export` as Permission;
  return { pick: (q) => (typeof q.format === 'string' && FILE_FORMATS.has(q.format) ? exp : view), permissions: [view, exp] };
};

/** The payments list: payments in or payments out, by `direction` (the list of both needs both). */
const paymentsList: QueryRule = {
  pick: (q) => (q.direction === 'OUT' ? 'payments-out.view' : 'payments-in.view'),
  permissions: ['payments-in.view', 'payments-out.view'],
};

export const ROUTE_PERMISSIONS: Record<string, RouteRule> = {
  // Session
  'GET /api/auth/profile': SIGNED_IN,
  'GET /api/shell/remotes': SIGNED_IN,
  // Starts a session in another business of the same mobile number (which the service checks).
  'POST /api/auth/switch-business': SIGNED_IN,
  // The closed period's date: every screen that edits a document reads it to say why it cannot.
  'GET /api/settings/lock-books': SIGNED_IN,
  'PUT /api/settings/lock-books': 'books.edit',
  // The business profile prints on every document (and prefills a bill's notes and terms): anyone signed in reads it.
  'GET /api/settings/business': SIGNED_IN,
  'GET /api/settings/business/logo': SIGNED_IN,
  'GET /api/settings/business/signature': SIGNED_IN,
  'PUT /api/settings/business': 'settings.edit',

  // Users of the business
  'GET /api/user/users': 'users.view',
  'POST /api/user/invite': 'users.create',
  'PUT /api/user/update-user/:id': 'users.edit',
  'POST /api/user/deactivate/:id': 'users.cancel',
  'POST /api/user/activate/:id': 'users.edit',

  // The audit trail
  'GET /api/audit/events': 'audit.view',
  'GET /api/audit/verify': 'audit.view',

  // Branches and their document settings
  'GET /api/store-branch/document-settings': 'branches.view',
  'PUT /api/store-branch/document-settings': 'branches.settings',
  'GET /api/store-branch/branches': 'branches.view',
  'GET /api/store-branch/branch/:id': 'branches.view',
  'POST /api/store-branch/create-branch': 'branches.create',
  'PUT /api/store-branch/update-branch/:id': 'branches.edit',
  'POST /api/store-branch/set-active': 'branches.view',

  // Parties
  'POST /api/party/create': 'parties.create',
  'GET /api/party/parties': 'parties.view',
  'GET /api/party/get-party/:id': 'parties.view',
  'PUT /api/party/update-party/:id': 'parties.edit',
  'POST /api/party/create-category': 'parties.create',
  'GET /api/party/get-catagories': 'parties.view',
  'GET /api/party/locations': 'parties.view',
  'POST /api/party/bulk-create': 'parties.create',
  'GET /api/party/bulk-create/template': 'parties.view',

  // Items and stock
  'POST /api/item/create': 'items.create',
  'PUT /api/item/update-item/:id': 'items.edit',
  'GET /api/item/items': 'items.view',
  'GET /api/item/get-item': 'items.view',
  'POST /api/item/create-item-category': 'items.create',
  'GET /api/item/get-item-catagories': 'items.view',
  'GET /api/item/taxes': 'items.view',
  'GET /api/item/withdrawn-rates': 'items.view',
  'POST /api/item/move-tax-rates': 'items.settings',
  'GET /api/item/units': 'items.view',
  'POST /api/item/bulk-create-items': 'items.create',
  'GET /api/item/bulk-create-items/template': 'items.view',
  'GET /api/item/image/:name': 'items.view',
  'PUT /api/item/update-item-stock': 'stock.edit',
  'GET /api/item/item-stock': 'stock.view',

  // Cash and bank
  'POST /api/account/add-bank-account': 'cash-bank.create',
  'GET /api/account/bank-accounts': 'cash-bank.view',
  'GET /api/account/transactions': 'cash-bank.view',
  'GET /api/account/transactions/export': 'cash-bank.export',
  'PUT /api/account/update-account/:id': 'cash-bank.edit',
  'POST /api/account/deactivate/:id': 'cash-bank.edit',
  'POST /api/account/activate/:id': 'cash-bank.edit',
  'POST /api/account/delete-account/:id': 'cash-bank.cancel',
  'POST /api/account/transfer': 'cash-bank.create',
  'POST /api/account/adjust': 'cash-bank.create',

  // Sales: invoices, credit and debit notes
  'POST /api/sale/create-sale': 'sales.create',
  'GET /api/sale/sale-invoices': 'sales.view',
  'GET /api/sale/sale-invoice/:id': 'sales.view',
  'POST /api/sale/record-payment/:id': 'payments-in.create',
  'POST /api/sale/cancel-sale/:id': 'sales.cancel',
  'PUT /api/sale/shipping-bill/:id': 'sales.edit',
  'PUT /api/sale/update-sale/:id': 'sales.edit',
  'PUT /api/sale/transport/:id': 'sales.edit',
  'GET /api/sale/sale-invoice/:id/ewaybill': 'sales.view',
  'POST /api/sale/sale-invoice/:id/ewaybill': 'sales.edit',
  'GET /api/sale/ewaybill': 'sales.view',
  'GET /api/sale/next-invoice-number': 'sales.view',
  'GET /api/sale/sale-invoice/:id/pdf': 'sales.view',
  'GET /api/sale/sale-invoice/:id/upi-qr': 'sales.view',
  // A public link to the customer is sent from the counter: whoever bills may share and revoke it.
  'POST /api/sale/share-link/:id': 'sales.create',
  'DELETE /api/sale/share-link/:id': 'sales.create',
  'POST /api/sale/create-credit-note': 'sales.create',
  'POST /api/sale/create-debit-note': 'sales.create',
  'GET /api/sale/credit-notes': 'sales.view',
  'GET /api/sale/debit-notes': 'sales.view',
  'GET /api/sale/credit-note/:id': 'sales.view',
  'GET /api/sale/debit-note/:id': 'sales.view',
  'GET /api/sale/credit-note/:id/pdf': 'sales.view',
  'GET /api/sale/debit-note/:id/pdf': 'sales.view',
  'POST /api/sale/cancel-credit-note/:id': 'sales.cancel',
  'POST /api/sale/cancel-debit-note/:id': 'sales.cancel',

  // E-invoicing
  'GET /api/sale/sale-invoice/:id/einvoice': 'einvoice.view',
  'GET /api/sale/credit-note/:id/einvoice': 'einvoice.view',
  'GET /api/sale/debit-note/:id/einvoice': 'einvoice.view',
  'POST /api/sale/sale-invoice/:id/irn': 'einvoice.create',
  'POST /api/sale/credit-note/:id/irn': 'einvoice.create',
  'POST /api/sale/debit-note/:id/irn': 'einvoice.create',
  'POST /api/sale/einvoice-bulk': 'einvoice.create',
  'GET /api/sale/einvoice-settings': 'einvoice.view',
  'PUT /api/sale/einvoice-settings': 'einvoice.settings',
  'GET /api/sale/einvoice-invoices': 'einvoice.view',

  // Quotations
  'POST /api/quotation/create-quotation': 'quotations.create',
  'GET /api/quotation/quotation-estimation-invoices': 'quotations.view',
  'GET /api/quotation/quotation-estimation-invoice/:id': 'quotations.view',
  'GET /api/quotation/quotation-estimation-invoice/:id/pdf': 'quotations.view',
  'POST /api/quotation/cancel-quotation/:id': 'quotations.cancel',
  'POST /api/quotation/share-link/:id': 'quotations.create',
  'DELETE /api/quotation/share-link/:id': 'quotations.create',

  // Expenses
  'GET /api/expense/categories': 'expenses.view',
  'POST /api/expense/create-category': 'expenses.create',
  'POST /api/expense/create-expense': 'expenses.create',
  'GET /api/expense/expenses': 'expenses.view',
  'GET /api/expense/expense/:id': 'expenses.view',
  'POST /api/expense/cancel-expense/:id': 'expenses.cancel',
  'POST /api/expense/attach-receipt/:id': 'expenses.edit',
  'GET /api/expense/receipt/:id': 'expenses.view',

  // Payments not tied to one bill
  'POST /api/payment/payment-in': 'payments-in.create',
  'POST /api/payment/payment-out': 'payments-out.create',
  'GET /api/payment/payments': paymentsList,

  // Purchases and purchase debit notes
  'POST /api/purchase/create-purchase': 'purchases.create',
  'GET /api/purchase/purchase-invoices': 'purchases.view',
  'GET /api/purchase/purchase-invoice/:id': 'purchases.view',
  'POST /api/purchase/record-payment/:id': 'payments-out.create',
  'POST /api/purchase/cancel-purchase/:id': 'purchases.cancel',
  'PUT /api/purchase/update-purchase/:id': 'purchases.edit',
  'POST /api/purchase/attach-bill/:id': 'purchases.edit',
  'GET /api/purchase/purchase-invoice/:id/attachment': 'purchases.view',
  'POST /api/purchase/create-debit-note': 'purchases.create',
  'GET /api/purchase/debit-notes': 'purchases.view',
  'GET /api/purchase/debit-note/:id': 'purchases.view',
  'POST /api/purchase/cancel-debit-note/:id': 'purchases.cancel',
  'GET /api/purchase/next-reference-number': 'purchases.view',
  'GET /api/purchase/self-invoice/:purchaseId/pdf': 'purchases.view',
  'GET /api/purchase/payment-voucher/:paymentId/pdf': 'payments-out.view',
  'GET /api/purchase/debit-note/:id/pdf': 'purchases.view',

  // Automated bills
  'POST /api/automated-bill/create-schedule': 'automated-bills.create',
  'GET /api/automated-bill/schedules': 'automated-bills.view',
  'GET /api/automated-bill/schedule/:id': 'automated-bills.view',
  'PUT /api/automated-bill/update-schedule/:id': 'automated-bills.edit',
  'POST /api/automated-bill/pause/:id': 'automated-bills.edit',
  'POST /api/automated-bill/resume/:id': 'automated-bills.edit',
  'POST /api/automated-bill/end/:id': 'automated-bills.cancel',
  'POST /api/automated-bill/run-now/:id': 'automated-bills.create',

  // Reports
  'GET /api/sale/sale-reports': viewOrExport('reports'),
  'GET /api/purchase/purchase-reports': viewOrExport('reports'),
  'GET /api/report/ledger': viewOrExport('reports'),
  'GET /api/report/summary': 'reports.view',
  'GET /api/report/home': 'reports.view',
  'GET /api/report/stock-summary': viewOrExport('reports'),
  'GET /api/report/day-book': viewOrExport('reports'),
  'GET /api/report/item-profit': viewOrExport('reports'),

  // GST returns and registration
  'GET /api/report/gstr1': viewOrExport('gst'),
  'GET /api/report/gstr3b': viewOrExport('gst'),
  'GET /api/report/cmp08': viewOrExport('gst'),
  'GET /api/report/gst-settings': 'gst.view',
  'PUT /api/report/gst-settings': 'gst.settings',
  'GET /api/report/gst-registration': 'gst.view',
  'PUT /api/report/gst-registration': 'gst.settings',

  // Books: the ledger, journals and the statements
  'GET /api/ledger/accounts': 'books.view',
  'POST /api/ledger/create-account': 'books.create',
  'PUT /api/ledger/update-account/:id': 'books.edit',
  'POST /api/ledger/create-journal': 'books.create',
  'GET /api/ledger/account-ledger/:accountId': viewOrExport('books'),
  'GET /api/report/trial-balance': viewOrExport('books'),
  'GET /api/report/profit-loss': viewOrExport('books'),
  'GET /api/report/balance-sheet': viewOrExport('books'),
};

/**
 * Routes no session guards, each on purpose: signing up and in (before a session exists), health and readiness
 * probes, the API's own description, the operators' admin API (its bearer token, not a user's session), and the
 * public pages of share links.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'POST /api/auth/signup',
  'POST /api/auth/verify-signup',
  'POST /api/auth/login',
  'POST /api/auth/verify-login',
  'POST /api/auth/resend-otp',
  // Ends whatever session the cookie names, and clears the cookie even when that session is already gone.
  'POST /api/auth/logout',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/openapi.json',
  // Every other /api path answers the API's JSON 404.
  '* /api/*',
  // The customer's page of a shared invoice or quotation and its PDF: the link's token is the credential.
  'GET /share/:token',
  'GET /share/:token/pdf',
];

/** Route prefixes that are public as a whole: the API's browsable docs, and the operators' admin API. */
export const PUBLIC_PREFIXES: readonly string[] = ['/api/docs', '/api/admin/'];

/** The key of a route in the maps: HEAD is answered by its GET. */
export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

export const isPublicRoute = (method: string, url: string) =>
  PUBLIC_ROUTES.includes(routeKey(method, url)) || PUBLIC_ROUTES.includes(`* ${url}`) || PUBLIC_PREFIXES.some((p) => url.startsWith(p));

/** The permission a request needs (null when any signed-in user may), by its route and query. */
export function permissionFor(rule: RouteRule, query: unknown): Permission | null {
  if (rule === SIGNED_IN) return null;
  if (typeof rule === 'string') return rule;
  return rule.pick((query ?? {}) as Record<string, unknown>);
}

/** Every permission a rule can ask for. */
export const permissionsOfRule = (rule: RouteRule): readonly Permission[] =>
  rule === SIGNED_IN ? [] : typeof rule === 'string' ? [rule] : rule.permissions;
