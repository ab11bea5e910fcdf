import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudUploadOutlined,
  FileTextOutlined,
  HomeOutlined,
  ScheduleOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType, HTMLAttributes } from 'react';

/** The icons a remote may name in its nav entries; anything else falls back to a generic one. */
const NAV_ICONS: Record<string, ComponentType<HTMLAttributes<HTMLSpanElement>>> = {
  HomeOutlined,
  TeamOutlined,
  AppstoreOutlined,
  FileTextOutlined,
  CloudUploadOutlined,
  ScheduleOutlined,
  ShoppingCartOutlined,
  WalletOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  ShopOutlined,
};

export function NavIcon({ name }: { name: string }) {
  const Icon = NAV_ICONS[name] ?? AppstoreOutlined;
  // Decorative: the entry's label names it.
  return <Icon aria-hidden />;
}

/** One line under each quick action of the dashboard, for the areas the product knows. */
export const AREA_BLURBS: Record<string, string> = {
  '/parties': 'Customers and suppliers, balances and credit',
  '/items': 'Products, services, stock and categories',
  '/sales': 'Invoices, quotations and payments in',
  '/purchases': 'Supplier bills and payments out',
  '/expenses': 'Rent, salaries and day-to-day spends',
  '/cash-bank': 'Cash in hand and bank accounts',
  '/reports/accounts': 'Chart of accounts, journals and account ledgers',
  '/reports': 'Sale, purchase and ledger reports',
  '/e-invoicing': 'IRN and e-invoices for GST',
  '/automated-bills': 'Bills that repeat on a schedule',
  '/store-branch': 'Your shops, godowns and their GSTINs',
};
