import { z } from 'zod';
import { isValidHsn, isValidSac } from '../india';
import { CalendarDate, Id, PageMeta, PageNumber, PageSize, SearchText, ok } from './common';
import { MONEY_BOUNDS, type NumberBounds } from './bounds';
import { Money, MoneyString } from './money';

/**
 * Items and stock. Field names are the seed's, misspellings included: a category is
 * `{ id, catagory }` and an item's category is `itemCatagory`.
 */

export const ItemType = z.enum(['PRODUCT', 'SERVICE'], { error: 'Item type must be PRODUCT or SERVICE' });
export type ItemType = z.infer<typeof ItemType>;
/** NEW or OLD; OLD is shown as 'Preowned'. */
export const ItemProductType = z.enum(['NEW', 'OLD'], { error: 'Item condition must be NEW or OLD' });
export type ItemProductType = z.infer<typeof ItemProductType>;
/**
 * Whether GST applies to an item: TAXABLE, NIL_RATED (0 % in the rate schedule), EXEMPT (by notification) or NON_GST
 * (outside GST: alcohol for human consumption, petroleum). Anything but TAXABLE is at GST @ 0%.
 */
export const Taxability = z.enum(['TAXABLE', 'NIL_RATED', 'EXEMPT', 'NON_GST'], {
  error: 'Taxability must be TAXABLE, NIL_RATED, EXEMPT or NON_GST',
});
export type Taxability = z.infer<typeof Taxability>;
export const TAXABILITY_LABELS: Record<Taxability, string> = {
  TAXABLE: 'Taxable',
  NIL_RATED: 'Nil rated',
  EXEMPT: 'Exempt',
  NON_GST: 'Non-GST',
};
/** The id of GST @ 0%, the only rate of an item that is not TAXABLE. */
export const ZERO_RATE_ID = 'gst-0';
export const TaxType = z.enum(['WITH_TAX', 'WITHOUT_TAX'], { error: 'Tax type must be WITH_TAX or WITHOUT_TAX' });
export type TaxType = z.infer<typeof TaxType>;

/** An item holds at most this many images. */
export const MAX_ITEM_IMAGES = 5;
export const MAX_ITEM_IMAGE_BYTES = 2 * 1024 * 1024;
export const ITEM_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const ITEM_IMAGE_ACCEPT = '.png,.jpeg,.jpg,image/png,image/jpeg';
export const ITEM_CODE_LENGTH = 10;
/** A serialised item names every unit of its opening stock; beyond this many a spreadsheet import is the way. */
export const MAX_SERIAL_NUMBERS = 1000;
export const MAX_OPENING_STOCK = 1_000_000_000;

/** The number fields of the item dialog, as itemFormProblems checks them and the dialog bounds them. */
export const ITEM_BOUNDS = {
  price: MONEY_BOUNDS,
  openingStock: { min: 0, max: MAX_OPENING_STOCK, decimals: 0 },
  alertQuantity: { min: 0, max: MAX_OPENING_STOCK, decimals: 0 },
  batteryPercentage: { min: 0, max: 100, decimals: 2 },
  stockAdjustment: { min: 1, max: MAX_OPENING_STOCK, decimals: 0 },
} satisfies Record<string, NumberBounds>;
/** An item never has more images than this to remove; a longer list is not a form's. */
const MAX_REMOVED_IMAGES = 50;

/** Every message of the item area, word for word where the seed gives it. */
export const ITEM_MESSAGES = {
  nameRequired: 'Item Name is required',
  itemCodeRequired: 'Item Code is required',
  serialsBlank: 'All serial numbers must be filled when serialisation is on',
  serviceCodeRequired: 'Service Code is required',
  sacRequired: 'SAC Code is required',
  tooManyImagesPicked: 'Maximum 5 images allowed',
  tooManyImages: 'You can upload a maximum of 5 images',
  imageType: 'Images must be PNG or JPEG',
  imageTooLarge: 'Each image must be at most 2 MB',
  created: 'Item created successfully',
  updated: 'Item updated successfully',
  createFailed: 'Failed to create item',
  updateFailed: 'Failed to update item',
  fetchFailed: 'Failed to fetch item.',
  loadingDetail: 'Loading item details...',
  noDescription: 'No description provided.',
  categoryRequired: 'Category name is required',
  categoryCreated: 'Item category created successfully',
  codeTooLong: `Item Code can be at most ${ITEM_CODE_LENGTH} characters`,
  serviceCodeTooLong: `Service Code can be at most ${ITEM_CODE_LENGTH} characters`,
  hsn: 'HSN Code must be 4, 6 or 8 digits',
  sac: 'SAC Code must be 6 digits starting with 99',
  salePrice: 'Sale Price must be 0 or more, in steps of 0.01',
  purchasePrice: 'Purchase Price must be 0 or more, in steps of 0.01',
  openingStock: 'Opening Stock must be a whole number, 0 or more',
  alertQuantity: 'Low stock quantity must be a whole number, 0 or more',
  battery: 'Battery percentage must be between 0 and 100',
  serialsDuplicate: 'Serial numbers must be unique',
  serialsCount: (n: number) => `Enter ${n} serial ${n === 1 ? 'number' : 'numbers'}, one for each unit of opening stock`,
  serialsTooMany: `A serialised item can have at most ${MAX_SERIAL_NUMBERS} units of opening stock`,
  serialsWithoutSerialisation: 'Turn serialisation on to save serial numbers',
  preownedStock: 'A preowned item has an opening stock of 1',
  preownedTax: 'Prices of a preowned item are without tax',
  taxFlagMismatch: 'isSaleTaxApplicable and isPurchaseTaxApplicable must be true exactly when the tax type is WITH_TAX',
  asOfDate: 'As of date must be a date (YYYY-MM-DD)',
  typeChange: 'An item cannot change between product and service',
  untaxedRate: 'A nil-rated, exempt or non-GST item is at GST @ 0%',
} as const;

/** 'GST @ 18%', 'GST @ 28% + cess @ 12'. */
export function taxRateLabel(rate: { value: number; cessValue: number }): string {
  return `GST @ ${rate.value}%${rate.cessValue !== 0 ? ` + cess @ ${rate.cessValue}` : ''}`;
}

/** 'Numbers - NOS'. */
export function unitLabel(unit: { name: string; shortName: string }): string {
  return `${unit.name} - ${unit.shortName}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Reference data

export const ItemCategory = z.object({ id: Id, catagory: z.string() });
export type ItemCategory = z.infer<typeof ItemCategory>;
/** A category in the list, with how many items use it. */
export const ItemCategoryEntry = ItemCategory.extend({ itemCount: z.number().int() });
export type ItemCategoryEntry = z.infer<typeof ItemCategoryEntry>;

export const CreateItemCategoryRequest = z.object({
  catagory: z
    .string({ error: ITEM_MESSAGES.categoryRequired })
    .trim()
    .min(1, ITEM_MESSAGES.categoryRequired)
    .max(60, 'Category name can be at most 60 characters'),
});
export type CreateItemCategoryRequest = z.input<typeof CreateItemCategoryRequest>;
export const ItemCategoryResponse = ok(ItemCategory);
export const ItemCategoryListResponse = ok(z.array(ItemCategoryEntry));

/**
 * A GST rate with its compensation cess, in per cent, and the days it is in force (YYYY-MM-DD, null: open): a
 * document uses the rates in force on its date.
 */
export const TaxRate = z.object({
  id: z.string(),
  value: z.number(),
  cessValue: z.number(),
  validFrom: z.string().nullable().optional(),
  validTo: z.string().nullable().optional(),
});
export type TaxRate = z.infer<typeof TaxRate>;

/** Whether a rate is in force on a date (YYYY-MM-DD). */
export const isRateInForce = (rate: Pick<TaxRate, 'validFrom' | 'validTo'>, date: string): boolean =>
  (!rate.validFrom || rate.validFrom <= date) && (!rate.validTo || date <= rate.validTo);

/** A rate withdrawn by a date: its last day is before it. */
export const isRateWithdrawn = (rate: Pick<TaxRate, 'validTo'>, date: string): boolean => !!rate.validTo && rate.validTo < date;
export const TaxRateListResponse = ok(z.array(TaxRate));

/** A GST unit quantity code (UQC): `{ id, name: 'Numbers', shortName: 'NOS' }`. */
export const Unit = z.object({ id: z.string(), name: z.string(), shortName: z.string() });
export type Unit = z.infer<typeof Unit>;
export const UnitListResponse = ok(z.array(Unit));

// ---------------------------------------------------------------------------------------------------------------
// The item record as read

export const Item = z.object({
  id: Id,
  itemType: ItemType,
  itemName: z.string(),
  /** The name again for a service, null for a product. */
  serviceName: z.string().nullable(),
  itemCode: z.string().nullable(),
  serviceCode: z.string().nullable(),
  hsnCode: z.string().nullable(),
  sacCode: z.string().nullable(),
  itemProductType: ItemProductType,
  hasSerialisation: z.boolean(),
  itemSerialNo: z.array(z.object({ serialNo: z.string() })),
  /** URLs of the item's images, served behind the session. */
  itemImage: z.array(z.string()),
  itemCatagory: ItemCategory.nullable(),
  gstRate: TaxRate.nullable(),
  /** TAXABLE unless the item is nil-rated, exempt or outside GST. */
  taxability: Taxability.optional(),
  /** The law keeps the item at a rate withdrawn for other goods (tobacco, pan masala): documents may still use it. */
  keepsWithdrawnRate: z.boolean().optional(),
  unit: Unit.nullable(),
  salePrice: MoneyString.nullable(),
  /** Absent for a role without "see cost and margin". */
  purchasePrice: MoneyString.nullable().optional(),
  /** The unit price of the item's latest purchase bill (null before the first); purchases default to it. Absent for a role without "see cost and margin". */
  lastPurchasePrice: MoneyString.nullable().optional(),
  isSaleTaxApplicable: z.boolean(),
  isPurchaseTaxApplicable: z.boolean(),
  /** The stock at the session's active branch. */
  netQuantity: z.number(),
  openingStock: z.number(),
  isAlertEnabled: z.boolean(),
  productAlertValue: z.number().nullable(),
  isOnlineVisible: z.boolean(),
  /** YYYY-MM-DD */
  asOfDate: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof Item>;
export const ItemResponse = ok(Item);

/** Stock at or under the alert quantity. */
export function isLowStock(item: Pick<Item, 'isAlertEnabled' | 'productAlertValue' | 'netQuantity' | 'itemType'>): boolean {
  return (
    item.itemType === 'PRODUCT' &&
    item.isAlertEnabled &&
    item.productAlertValue !== null &&
    item.netQuantity <= item.productAlertValue
  );
}

const booleanFromText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (s === '') return undefined;
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no'].includes(s)) return false;
  return v;
};
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const numberFromText = (v: unknown) => {
  const b = blankToUndefined(v);
  if (typeof b === 'string') return Number(b.trim());
  return b;
};
/** Counts and percentages of the form; the rules bound each one, this only keeps them within reason. */
const FORM_NUMBER_MAX = 1e12;
/** Multipart sends everything as text: 'true', '12.50', ''. Blank means "not given". */
export const FormBoolean = z.preprocess(booleanFromText, z.boolean({ error: 'Must be true or false' }).optional());
export const FormNumber = (label: string) =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .min(-FORM_NUMBER_MAX, `${label} is too small`)
      .max(FORM_NUMBER_MAX, `${label} is too large`)
      .optional(),
  );
/** The prices' Money rules, with the form's own message for a negative or a third decimal. */
const PRICES = {
  salePrice: Money('Sale Price', { message: ITEM_MESSAGES.salePrice }),
  purchasePrice: Money('Purchase Price', { message: ITEM_MESSAGES.purchasePrice }),
} as const;
/**
 * A price as typed: the normalised amount ('15999.50') when it is one, else the text as sent, which
 * `itemFormProblems` names, so a bad price is reported together with every other problem of the form.
 */
const FormMoney = (field: keyof typeof PRICES) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.string().max(100, `${field === 'salePrice' ? 'Sale' : 'Purchase'} Price is too long`), z.number()], {
        error: field === 'salePrice' ? ITEM_MESSAGES.salePrice : ITEM_MESSAGES.purchasePrice,
      })
      .transform((v) => {
        const amount = PRICES[field].safeParse(v);
        return amount.success ? amount.data : String(v);
      })
      .optional(),
  );
const FormText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} can be at most ${max} characters`).optional());
const FormEnum = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const FormDate = z.preprocess(blankToUndefined, CalendarDate('As of date', ITEM_MESSAGES.asOfDate).optional());

/**
 * The fields of the item dialog as sent, create and update alike. Field types only;
 * the rules are `itemFormProblems`, shared with the dialog so both say the same thing.
 */
export const ItemFormFields = z.object({
  itemType: z.preprocess((v) => blankToUndefined(v) ?? 'PRODUCT', ItemType),
  itemName: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(200, 'Item Name can be at most 200 characters')),
  isOnlineVisible: FormBoolean,
  salePrice: FormMoney('salePrice'),
  salePriceTaxType: FormEnum(TaxType),
  isSaleTaxApplicable: FormBoolean,
  gstRate: FormText(40, 'GST rate'),
  /** Blank: NIL_RATED at GST @ 0%, else TAXABLE. */
  taxability: FormEnum(Taxability),
  keepsWithdrawnRate: FormBoolean,
  unit: FormText(40, 'Unit'),
  itemCatagory: FormText(40, 'Category'),
  openingStock: FormNumber('Opening Stock'),
  serviceCode: FormText(60, 'Service Code'),
  itemCode: FormText(60, 'Item Code'),
  hsnCode: FormText(20, 'HSN Code'),
  asOfDate: FormDate,
  productAlertValue: FormNumber('Low stock quantity'),
  isAlertEnabled: FormBoolean,
  description: FormText(2000, 'Description'),
  purchasePrice: FormMoney('purchasePrice'),
  purchasePriceTaxType: FormEnum(TaxType),
  isPurchaseTaxApplicable: FormBoolean,
  sacCode: FormText(20, 'SAC Code'),
  itemProductType: z.preprocess((v) => blankToUndefined(v) ?? 'NEW', ItemProductType),
  hasSerialisationOn: FormBoolean,
  itemSerialNos: z.preprocess(
    (v) => v ?? [],
    z.array(z.string().max(100, 'A serial number can be at most 100 characters')).max(MAX_SERIAL_NUMBERS, ITEM_MESSAGES.serialsTooMany),
  ),
  /** Held by the form, checked, never stored. */
  batteryPercentage: FormNumber('Battery percentage'),
  /** Update only: URLs (or file names) of existing images to delete. */
  removedImages: z.preprocess((v) => v ?? [], z.array(z.string().max(300)).max(MAX_REMOVED_IMAGES, 'Too many images to remove')).optional(),
});
export type ItemFormFields = z.output<typeof ItemFormFields>;

export interface ItemProblem {
  field: string;
  message: string;
}

/** In range and with no more decimals than allowed (a float's 55.55 * 100 is not exactly 5555). */
const within = (n: number, b: NumberBounds) =>
  n >= b.min && n <= b.max && Math.abs(Math.round(n * 10 ** b.decimals) - n * 10 ** b.decimals) < 1e-6;
const isCount = (n: number) => within(n, ITEM_BOUNDS.openingStock);

/** The tax type a form sends, from the boolean when only that was given. */
const taxTypeOf = (type: TaxType | undefined, applicable: boolean | undefined): TaxType | undefined =>
  type ?? (applicable === undefined ? undefined : applicable ? 'WITH_TAX' : 'WITHOUT_TAX');

/**
 * Every rule an item save breaks, in the seed's order (§5): name; products' code and serials; services' code and
 * SAC; images; then the bounds of §9. The dialog shows each as its own toast; the API answers the first.
 * `imageCount` is how many images the item would have after the save.
 */
export function itemFormProblems(v: ItemFormFields, imageCount = 0): ItemProblem[] {
  const problems: ItemProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const product = v.itemType === 'PRODUCT';
  const stock = v.openingStock ?? 0;
  const serials = v.itemSerialNos.map((s) => s.trim());

  if (!v.itemName.trim()) add('itemName', ITEM_MESSAGES.nameRequired);
  if (product) {
    if (!v.itemCode) add('itemCode', ITEM_MESSAGES.itemCodeRequired);
    if (v.hasSerialisationOn && stock >= 1 && serials.some((s) => s === '')) add('itemSerialNos', ITEM_MESSAGES.serialsBlank);
  } else {
    if (!v.serviceCode) add('serviceCode', ITEM_MESSAGES.serviceCodeRequired);
    if (!v.sacCode) add('sacCode', ITEM_MESSAGES.sacRequired);
  }
  if (imageCount > MAX_ITEM_IMAGES) add('itemImages', ITEM_MESSAGES.tooManyImages);
  if (v.taxability && v.taxability !== 'TAXABLE' && v.gstRate && v.gstRate !== ZERO_RATE_ID) add('gstRate', ITEM_MESSAGES.untaxedRate);

  if (product && v.itemCode && v.itemCode.length > ITEM_CODE_LENGTH) add('itemCode', ITEM_MESSAGES.codeTooLong);
  if (!product && v.serviceCode && v.serviceCode.length > ITEM_CODE_LENGTH) add('serviceCode', ITEM_MESSAGES.serviceCodeTooLong);
  if (product && v.hsnCode && !isValidHsn(v.hsnCode)) add('hsnCode', ITEM_MESSAGES.hsn);
  if (!product && v.sacCode && !isValidSac(v.sacCode)) add('sacCode', ITEM_MESSAGES.sac);
  for (const field of ['salePrice', 'purchasePrice'] as const) {
    const amount = v[field] === undefined ? undefined : PRICES[field].safeParse(v[field]);
    if (amount && !amount.success) add(field, amount.error.issues[0].message);
  }
  if (product) {
    if (!isCount(stock)) add('openingStock', ITEM_MESSAGES.openingStock);
    if (v.isAlertEnabled && v.productAlertValue !== undefined && !within(v.productAlertValue, ITEM_BOUNDS.alertQuantity)) {
      add('productAlertValue', ITEM_MESSAGES.alertQuantity);
    }
    if (v.itemProductType === 'OLD' && v.batteryPercentage !== undefined && !within(v.batteryPercentage, ITEM_BOUNDS.batteryPercentage)) {
      add('batteryPercentage', ITEM_MESSAGES.battery);
    }
    if (v.itemProductType === 'OLD') {
      if (stock !== 1) add('openingStock', ITEM_MESSAGES.preownedStock);
      const sale = taxTypeOf(v.salePriceTaxType, v.isSaleTaxApplicable);
      const purchase = taxTypeOf(v.purchasePriceTaxType, v.isPurchaseTaxApplicable);
      if (sale === 'WITH_TAX' || purchase === 'WITH_TAX') add('salePriceTaxType', ITEM_MESSAGES.preownedTax);
    }
    const filled = serials.filter((s) => s !== '');
    if (v.hasSerialisationOn && isCount(stock) && stock >= 1) {
      if (stock > MAX_SERIAL_NUMBERS) add('itemSerialNos', ITEM_MESSAGES.serialsTooMany);
      else if (serials.length !== stock) add('itemSerialNos', ITEM_MESSAGES.serialsCount(stock));
      if (new Set(filled.map((s) => s.toUpperCase())).size !== filled.length) add('itemSerialNos', ITEM_MESSAGES.serialsDuplicate);
    } else if (!v.hasSerialisationOn && filled.length > 0) {
      add('itemSerialNos', ITEM_MESSAGES.serialsWithoutSerialisation);
    }
  }
  for (const [type, flag] of [
    [v.salePriceTaxType, v.isSaleTaxApplicable],
    [v.purchasePriceTaxType, v.isPurchaseTaxApplicable],
  ] as const) {
    if (type !== undefined && flag !== undefined && flag !== (type === 'WITH_TAX')) {
      add('isSaleTaxApplicable', ITEM_MESSAGES.taxFlagMismatch);
      break;
    }
  }
  return problems;
}

/** The API's view of a valid save: the fields, checked against every rule (first problem reported). */
export const ItemSaveRequest = ItemFormFields.superRefine((v, ctx) => {
  for (const p of itemFormProblems(v)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
});

// ---------------------------------------------------------------------------------------------------------------
// Lists, detail, stock

export const ITEM_PAGE_SIZE_MAX = 500;
export const ITEM_PAGE_SIZE_DEFAULT = 50;

/**
 * GET item/items, like GET party/parties: without page/pageSize every item is answered (the seed's call); with
 * either, one page and `meta`. q searches name, code, HSN and SAC.
 */
export const ItemListQuery = z.object({
  q: SearchText,
  categoryId: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(40).optional()),
  itemType: FormEnum(ItemType),
  lowStock: FormBoolean,
  page: PageNumber,
  pageSize: PageSize(ITEM_PAGE_SIZE_MAX),
});

/** `{ success, data }` as the seed has it, and `meta` (where this page sits among `total` matches) when paged. */
export const ItemListResponse = ok(z.array(Item)).extend({ meta: PageMeta.optional() });
export type ItemListPage = z.infer<typeof ItemListResponse>;

export const GetItemQuery = z.object({
  id: z.string().max(100).describe('Item id (uuid)'),
  itemType: FormEnum(ItemType),
});

/** The day 12 %, 28 % and compensation cess were withdrawn (56th GST Council). */
export const RATES_WITHDRAWN_ON = '2025-09-22';

/** An item whose GST rate is no longer in force (and that the law does not keep at it), for the review. */
export const WithdrawnRateItem = z.object({ id: Id, itemName: z.string(), itemType: ItemType, gstRate: TaxRate });
export type WithdrawnRateItem = z.infer<typeof WithdrawnRateItem>;
export const WithdrawnRateItemListResponse = ok(z.array(WithdrawnRateItem));

/** POST item/move-tax-rates: each item to the rate the user picked; nothing else changes. */
export const MoveTaxRatesRequest = z.object({
  moves: z
    .array(z.object({ itemId: z.string().max(100), taxId: z.string().trim().min(1, 'Choose a GST rate').max(40) }).strict())
    .min(1, 'Pick a rate for at least one item')
    .max(ITEM_PAGE_SIZE_MAX, `At most ${ITEM_PAGE_SIZE_MAX} items at a time`),
}).strict();
export type MoveTaxRatesRequest = z.input<typeof MoveTaxRatesRequest>;
export const MoveTaxRatesResponse = ok(z.object({ moved: z.number().int() }));

export const STOCK_ADJUSTMENTS = ['ADD', 'REDUCE'] as const;
export const StockAdjustment = z.enum(STOCK_ADJUSTMENTS, { error: 'Choose Add or Reduce' });

export const UpdateItemStockRequest = z.object({
  itemId: z.string({ error: 'Item id is required' }).max(100),
  type: StockAdjustment,
  quantity: z
    .number({ error: 'Quantity is required' })
    .int('Quantity must be a whole number')
    .min(ITEM_BOUNDS.stockAdjustment.min, 'Quantity must be at least 1')
    .max(ITEM_BOUNDS.stockAdjustment.max, 'Quantity is too large'),
  date: CalendarDate('Date', 'Date must be a real date, YYYY-MM-DD'),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(200, 'Reason can be at most 200 characters'),
  /** A serialised product: the serials added (new, or sold before and back) or reduced (in stock here), one per unit. */
  serialNos: z
    .array(z.string().trim().min(1, 'A serial number cannot be blank').max(100, 'A serial number can be at most 100 characters'))
    .max(MAX_SERIAL_NUMBERS, `At most ${MAX_SERIAL_NUMBERS} serial numbers at a time`)
    .optional(),
});
export type UpdateItemStockRequest = z.input<typeof UpdateItemStockRequest>;

/** Why stock changed: opening stock, its later edit, a manual adjustment, an import; later areas add theirs. */
export const STOCK_MOVEMENT_KINDS = ['OPENING', 'OPENING_EDIT', 'ADD', 'REDUCE'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const StockMovement = z.object({
  id: Id,
  branchId: Id,
  branchName: z.string(),
  kind: z.string(),
  /** Signed: + in, - out. */
  quantity: z.number(),
  balanceAfter: z.number(),
  date: z.string(),
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const BranchStock = z.object({
  branchId: Id,
  branchName: z.string(),
  quantity: z.number(),
  isActive: z.boolean(),
});
export type BranchStock = z.infer<typeof BranchStock>;

export const ItemStockResponse = ok(z.object({ branches: z.array(BranchStock), movements: z.array(StockMovement) }));
export type ItemStock = z.infer<typeof ItemStockResponse>['data'];
