/**
 * The GST engine (../../../../shared/gst-rules.md): pure functions over integer paise, called by the sale and
 * purchase forms in the browser and by the API, so the form shows exactly what the API stores.
 */
export * from './types';
export { GstInputError } from './errors';
export { divHalfUp } from './decimal';
export { GST_RATES, isGstRate, normalizeGstRate } from './rates';
export { EXPORT_STATE_CODE, placeOfSupplyFor, stateTaxLabel, supplierStateOf, supplyTypeOf } from './supply';
export { computeLine } from './line';
export { apportionDiscount, computeDocument, inputTaxCredit, roundOffTotal } from './document';
export { GST_HEADS, gstSetOff } from './setoff';
export type { GstHead, GstHeadPayment, GstHeads, GstSetOff, GstSetOffInput } from './setoff';
export {
  DOCUMENT_NUMBER_MAX_LENGTH,
  documentNumber,
  documentSeriesPrefix,
  financialYearOf,
  isValidDocumentNumber,
} from './numbering';
