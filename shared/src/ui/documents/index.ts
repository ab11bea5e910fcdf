/*
 * The pieces of the document screens that sales (mf-sales) and purchases (mf-purchases) share: the bill model over
 * the GST engine, the line grid, item search, party picker, totals, list period presets and party filter, the
 * record-payment and cancel dialogs, the payment fields, and the create screens' common state (draft, one save at a
 * time) and parts. Where the two sides differ, a `side` ('SALE' | 'PURCHASE') or a prop says how.
 */
export * from './bill-model';
export * from './cancel-modal';
export * from './data';
export * from './format';
export * from './item-search';
export * from './search-filter';
export * from './typed-search';
export * from './line-grid';
export * from './party-filter';
export * from './party-picker';
export * from './periods';
export * from './record-payment-modal';
export * from './status-tag';
export * from './totals-panel';
export * from './list';
export * from './payments-card';
export * from './payments-tab';
export * from './quick-party-modal';
export * from './form-model';
export * from './document-form';
export * from './form-parts';
export * from './payment-fields';
export * from './note-model';
export * from './note-form';
export * from './edit-button';
