import { Button, Dropdown } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { pdfUrls } from '@bahi/shared';
import { printDocument } from './print';

/** Print A4, print on a till roll (80 or 58 mm), and the server's PDF. */
export function PrintActions({
  kind,
  id,
  thermalDefault = 'thermal80',
}: {
  kind: 'invoice' | 'quotation' | 'credit-note' | 'debit-note';
  id: string;
  /** The business's roll (its print settings): listed first. */
  thermalDefault?: 'thermal80' | 'thermal58';
}) {
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
          items: (['thermal80', 'thermal58'] as const)
            .map((key) => ({ key, label: `Thermal ${key === 'thermal80' ? 80 : 58} mm${key === thermalDefault ? ' (your printer)' : ''}` }))
            .sort((a, b) => Number(b.key === thermalDefault) - Number(a.key === thermalDefault)),
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
