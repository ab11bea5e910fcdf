import { pdfUrls } from './pdf';

describe('pdfUrls', () => {
  afterEach(() => {
    delete window.__BAHI_CONFIG__;
  });

  test('point at the API with the layout, A4 unless asked', () => {
    expect(pdfUrls.saleInvoice('inv-1')).toBe('/api/sale/sale-invoice/inv-1/pdf?layout=a4');
    expect(pdfUrls.quotation('q 7', 'thermal58')).toBe('/api/quotation/quotation-estimation-invoice/q%207/pdf?layout=thermal58');
  });

  test('follow the configured API base', () => {
    window.__BAHI_CONFIG__ = { apiBase: 'https://api.example.in/api/' };
    expect(pdfUrls.saleInvoice('inv-1', 'thermal80')).toBe('https://api.example.in/api/sale/sale-invoice/inv-1/pdf?layout=thermal80');
  });
});
