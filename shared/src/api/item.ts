import {
  BulkImportResponse,
  ItemCategoryListResponse,
  ItemCategoryResponse,
  ItemListResponse,
  ItemResponse,
  ItemStockResponse,
  MoveTaxRatesResponse,
  TaxRateListResponse,
  UnitListResponse,
  WithdrawnRateItemListResponse,
  type MoveTaxRatesRequest,
  type CreateItemCategoryRequest,
  type ItemType,
  type UpdateItemStockRequest,
} from '../contracts';
import { apiRequest } from './client';
import { fileFormData, itemFormData, type ItemSavePayload } from './forms';


const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** Query of item/items: every part optional; `page` from 1, `pageSize` up to 500 (50 by default). */
export interface ItemListParams {
  q?: string;
  categoryId?: string;
  itemType?: ItemType;
  lowStock?: boolean;
  page?: number;
  pageSize?: number;
}

/** The endpoint paths of the item import, for the shared BulkImport component. */
export const ITEM_IMPORT = {
  endpoint: 'item/bulk-create-items',
  templateEndpoint: 'item/bulk-create-items/template',
} as const;

/** One typed function per item endpoint. */
export const itemApi = {
  create: (payload: ItemSavePayload, onUploadProgress?: (f: number) => void) =>
    data(apiRequest('item/create', { method: 'POST', body: itemFormData(payload), schema: ItemResponse, onUploadProgress })),
  update: (id: string, payload: ItemSavePayload, onUploadProgress?: (f: number) => void) =>
    data(
      apiRequest(`item/update-item/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: itemFormData(payload),
        schema: ItemResponse,
        onUploadProgress,
      }),
    ),
  /** One page of items; `total` says how many match. */
  list: (query: ItemListParams = {}) => apiRequest('item/items', { query: { ...query }, schema: ItemListResponse }),
  /** `{ success, data }` as the seed has it. */
  get: (id: string, itemType: ItemType = 'PRODUCT') =>
    apiRequest('item/get-item', { query: { id, itemType }, schema: ItemResponse }),
  createCategory: (body: CreateItemCategoryRequest) =>
    data(apiRequest('item/create-item-category', { method: 'POST', body, schema: ItemCategoryResponse })),
  categories: () => data(apiRequest('item/get-item-catagories', { schema: ItemCategoryListResponse })),
  taxes: () => data(apiRequest('item/taxes', { schema: TaxRateListResponse })),
  units: () => data(apiRequest('item/units', { schema: UnitListResponse })),
  /** Items whose GST rate is no longer in force today (items the law keeps at it excluded). */
  withdrawnRates: () => data(apiRequest('item/withdrawn-rates', { schema: WithdrawnRateItemListResponse })),
  moveTaxRates: (body: MoveTaxRatesRequest) =>
    data(apiRequest('item/move-tax-rates', { method: 'POST', body, schema: MoveTaxRatesResponse })),
  updateStock: (body: UpdateItemStockRequest) =>
    data(apiRequest('item/update-item-stock', { method: 'PUT', body, schema: ItemResponse })),
  /** A 400 rejects with ApiError{status: 400, file: the error report, message: BULK_ERROR_MESSAGE}. */
  bulkCreate: (file: Blob, fileName: string, onUploadProgress?: (fraction: number) => void) =>
    apiRequest(ITEM_IMPORT.endpoint, { method: 'POST', body: fileFormData(file, fileName), onUploadProgress, schema: BulkImportResponse }),
  /** Stock at every branch and the movements that explain it. */
  stock: (id: string) => data(apiRequest('item/item-stock', { query: { id }, schema: ItemStockResponse })),
};
