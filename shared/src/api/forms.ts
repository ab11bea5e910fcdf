import type { ItemType } from '../contracts';

/*
 * The multipart bodies the client sends, kept apart from the HTTP client so the API's tests encode their requests
 * with this very code (`@bahi/shared/forms`): what the browser sends is what the API is tested with.
 */

/** What the item dialog sends, before it becomes multipart form data. */
export interface ItemSavePayload {
  itemType: ItemType;
  itemName: string;
  isOnlineVisible?: boolean;
  /** Rupees: a decimal string ('15999.50'), or a number. */
  salePrice?: string | number | null;
  salePriceTaxType?: 'WITH_TAX' | 'WITHOUT_TAX';
  isSaleTaxApplicable?: boolean;
  gstRate?: string | null;
  taxability?: 'TAXABLE' | 'NIL_RATED' | 'EXEMPT' | 'NON_GST';
  keepsWithdrawnRate?: boolean;
  unit?: string | null;
  itemCatagory?: string | null;
  openingStock?: number | null;
  serviceCode?: string | null;
  itemCode?: string | null;
  hsnCode?: string | null;
  asOfDate?: string | null;
  productAlertValue?: number | null;
  isAlertEnabled?: boolean;
  description?: string | null;
  purchasePrice?: string | number | null;
  purchasePriceTaxType?: 'WITH_TAX' | 'WITHOUT_TAX';
  isPurchaseTaxApplicable?: boolean;
  sacCode?: string | null;
  itemProductType?: 'NEW' | 'OLD';
  hasSerialisationOn?: boolean;
  itemSerialNos?: string[];
  /** New image files; sent as repeated `itemImages` parts. */
  itemImages?: Blob[];
  /** Update only: URLs of existing images to delete. */
  removedImages?: string[];
}

/**
 * Multipart body of item/create and item/update-item/:id: plain fields as text, `itemSerialNos` as an indexed
 * list (itemSerialNos[0], itemSerialNos[1], ...), `itemImages` as repeated files.
 */
export function itemFormData(payload: ItemSavePayload): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (key === 'itemImages') {
      for (const file of value as Blob[]) form.append('itemImages', file, (file as File).name ?? 'image');
    } else if (Array.isArray(value)) {
      (value as string[]).forEach((v, i) => form.append(`${key}[${i}]`, v));
    } else {
      form.append(key, String(value));
    }
  }
  return form;
}

/** A spreadsheet upload (bulk-create of parties and items): one `file` part. */
export function fileFormData(file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append('file', file, fileName);
  return form;
}
