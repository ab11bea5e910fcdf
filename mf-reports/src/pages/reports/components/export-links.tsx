import { Button } from 'antd';
import { FileExcelOutlined, FilePdfOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { useCan } from '@bahi/shared';
import type { Permission } from '@bahi/shared/permissions';

export type ExportFormat = 'xlsx' | 'csv' | 'pdf';
const ALL: ExportFormat[] = ['xlsx', 'csv', 'pdf'];
const LABELS: Record<ExportFormat, { label: string; icon: React.ReactNode }> = {
  xlsx: { label: 'Excel', icon: <FileExcelOutlined /> },
  csv: { label: 'CSV', icon: <FileTextOutlined /> },
  pdf: { label: 'PDF', icon: <FilePdfOutlined /> },
};

/**
 * Download links of a report: plain GETs the API answers as attachments (the session cookie goes along), built
 * from the filters on screen (Excel, CSV and PDF unless `formats` says). Print opens the PDF, which is laid out for paper, in a new tab.
 * None for a user whose role may not export (`permission`: the area's export).
 */
export function ExportLinks({
  url,
  formats = ALL,
  print = false,
  permission = 'reports.export',
}: {
  url: (format: ExportFormat) => string;
  formats?: ExportFormat[];
  print?: boolean;
  permission?: Permission;
}) {
  if (!useCan(permission)) return null;
  return (
    <>
      {formats.map((f) => (
        <Button key={f} icon={LABELS[f].icon} href={url(f)} target="_blank" rel="noopener" download>
          {LABELS[f].label}
        </Button>
      ))}
      {print ? (
        <Button icon={<PrinterOutlined />} onClick={() => window.open(url('pdf'), '_blank', 'noopener')}>
          Print
        </Button>
      ) : null}
    </>
  );
}
