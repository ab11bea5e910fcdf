import { Button, Dropdown } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { pdfUrls } from '@bahi/shared';
import { printDocument } from './print';

/** Print A4, print on a till roll (80 or 58 mm), and the server's PDF. */
export function PrintActions({ kind, id }: { kind: 'invoice' | 'quotation' | 'credit-note' | 'debit-note'; id: string }) {
  const href =
    kind === 'invoice'
      ? pdfUrls.saleInvoice(id)
      : kind === 'credit-note'
        ? pdfUrls.creditNote(id)
        : kind === 'debit-note'
          ? pdfUrls.debitNote(id)
          : pdfUrls.quotation(id);
  return (
    <>
      <Button icon={<PrinterOutlined />} onClick={() => printDocument('a4')}>
        Print A4
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'thermal80', label: 'Thermal 80 mm' },
            { key: 'thermal58', label: 'Thermal 58 mm' },
          ],
          onClick: ({ key }) => printDocument(key as 'thermal80' | 'thermal58'),
        }}
      >
        <Button icon={<PrinterOutlined />}>Print thermal</Button>
      </Dropdown>
      <Button icon={<DownloadOutlined />} href={href}>
        Download PDF
      </Button>
    </>
  );
}
