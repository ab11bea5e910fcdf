import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Modal, Progress, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ApiError,
  BulkImportResponse,
  IMPORT_ACCEPT,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  apiBase,
  apiRequest,
  errorMessage,
  formatCount,
  isApiError,
} from '@bahi/shared';
import { notify } from './notifications';

/** Offers a file to the user as a download. */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GETs a file from the API (with the session) as a Blob; failures reject with ApiError. */
export async function downloadFile(path: string): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/${path.replace(/^\//, '')}`, { credentials: 'include' });
  } catch (cause) {
    throw new ApiError({ status: 500, message: 'Could not reach the server. Check your connection and try again.', cause });
  }
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    throw new ApiError({ status: res.status, message: body?.message ?? `Download failed (${res.status})`, body });
  }
  return res.blob();
}

const EXTENSIONS = IMPORT_ACCEPT.split(',');
const MB = 1024 * 1024;

export interface BulkImportProps {
  /** What is imported: 'party'/'parties' read in titles and messages. */
  noun: { one: string; many: string };
  /** The import call, e.g. 'party/bulk-create' (multipart, answers BulkImportResponse or a 400 error report). */
  endpoint: string;
  /** The template download, e.g. 'party/bulk-create/template'. */
  templateEndpoint: string;
  templateFileName: string;
  errorReportFileName: string;
  /** After a successful import, e.g. to refresh the area's lists. */
  onImported?: (count: number) => void;
  /** The button's label; 'Bulk import' by default. */
  buttonLabel?: string;
  /** Extra help under the steps (which columns matter, ...). */
  help?: ReactNode;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'done'; count: number; message: string }
  | { kind: 'report'; file: Blob; message: string }
  | { kind: 'failed'; message: string };

/**
 * A "Bulk import" button and its dialog: download the template, choose an .xlsx or .csv, upload it with a
 * progress bar; then either "N imported" or, when rows failed (400 with a spreadsheet), the error report
 * to download. Generic: each area passes its endpoints and words.
 */
export function BulkImport(props: BulkImportProps) {
  const { noun } = props;
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [fetchingTemplate, setFetchingTemplate] = useState(false);
  const busy = outcome.kind === 'uploading';

  const reset = () => {
    setFile(null);
    setFileProblem(null);
    setOutcome({ kind: 'idle' });
  };
  const close = () => {
    if (busy) return;
    setOpen(false);
    reset();
  };

  const choose = (chosen: File) => {
    setOutcome({ kind: 'idle' });
    const name = chosen.name.toLowerCase();
    if (!EXTENSIONS.some((ext) => name.endsWith(ext))) setFileProblem('Choose an Excel workbook (.xlsx) or a CSV file (.csv).');
    else if (chosen.size > IMPORT_MAX_BYTES) setFileProblem(`This file is ${(chosen.size / MB).toFixed(1)} MB; the limit is ${IMPORT_MAX_BYTES / MB} MB.`);
    else setFileProblem(null);
    setFile(chosen);
  };

  const getTemplate = async () => {
    setFetchingTemplate(true);
    try {
      saveFile(await downloadFile(props.templateEndpoint), props.templateFileName);
    } catch (e) {
      notify.error('Could not download the template', { description: errorMessage(e) });
    } finally {
      setFetchingTemplate(false);
    }
  };

  const upload = async () => {
    if (!file || fileProblem) return;
    setOutcome({ kind: 'uploading', fraction: 0 });
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      const res = await apiRequest(props.endpoint, {
        method: 'POST',
        body,
        schema: BulkImportResponse,
        onUploadProgress: (fraction) => setOutcome({ kind: 'uploading', fraction }),
      });
      setOutcome({ kind: 'done', count: res.data.count, message: res.message });
      notify.success(res.message);
      props.onImported?.(res.data.count);
    } catch (e) {
      if (isApiError(e) && e.status === 400 && e.file) setOutcome({ kind: 'report', file: e.file, message: e.message });
      else setOutcome({ kind: 'failed', message: errorMessage(e, 'The import failed') });
    }
  };

  const fileList: UploadFile[] = file
    ? [{ uid: 'chosen', name: file.name, size: file.size, status: fileProblem ? 'error' : 'done', response: fileProblem }]
    : [];

  let footer: ReactNode;
  if (outcome.kind === 'done') {
    footer = (
      <Button type="primary" onClick={close}>
        Done
      </Button>
    );
  } else {
    footer = (
      <>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="primary"
          icon={<UploadOutlined />}
          onClick={upload}
          loading={busy}
          disabled={!file || !!fileProblem || outcome.kind === 'report'}
        >
          Import
        </Button>
      </>
    );
  }

  return (
    <>
      <Button icon={<FileExcelOutlined />} onClick={() => setOpen(true)}>
        {props.buttonLabel ?? 'Bulk import'}
      </Button>
      <Modal
        open={open}
        title={`Import ${noun.many} from a spreadsheet`}
        onCancel={close}
        mask={{ closable: !busy }}
        closable={!busy}
        footer={footer}
        width={560}
        destroyOnHidden
      >
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Typography.Text>
              <Typography.Text strong>1.</Typography.Text> Fill in the template, one row per {noun.one}.
            </Typography.Text>
            <Button icon={<DownloadOutlined />} onClick={getTemplate} loading={fetchingTemplate}>
              Download template
            </Button>
          </Flex>
          <div>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              <Typography.Text strong>2.</Typography.Text> Upload it as .xlsx or .csv (at most{' '}
              {formatCount(IMPORT_MAX_ROWS)} rows and {IMPORT_MAX_BYTES / MB} MB).
            </Typography.Paragraph>
            <Upload.Dragger
              accept={IMPORT_ACCEPT}
              multiple={false}
              fileList={fileList}
              disabled={busy}
              beforeUpload={(chosen) => {
                choose(chosen);
                return false;
              }}
              onRemove={() => reset()}
              aria-label="Spreadsheet file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Click or drag the file here</p>
              <p className="ant-upload-hint">
                All or nothing: if any row has a problem, no {noun.one} is added and you get a report of the rows to fix.
              </p>
            </Upload.Dragger>
            {fileProblem ? <Alert type="error" showIcon style={{ marginTop: 8 }} title={fileProblem} /> : null}
          </div>
          {props.help}
          {outcome.kind === 'uploading' ? (
            <div role="status" aria-live="polite">
              <Progress percent={Math.round(outcome.fraction * 100)} status="active" aria-label="Upload progress" />
              <Typography.Text type="secondary">
                {outcome.fraction < 1 ? 'Uploading...' : `Checking every row, then adding the ${noun.many}...`}
              </Typography.Text>
            </div>
          ) : null}
          {outcome.kind === 'done' ? <Alert type="success" showIcon title={outcome.message} /> : null}
          {outcome.kind === 'failed' ? <Alert type="error" showIcon title={outcome.message} /> : null}
          {outcome.kind === 'report' ? (
            <Alert
              type="error"
              showIcon
              title={outcome.message}
              description={
                <Flex vertical gap={8} align="start">
                  <span>
                    Nothing was imported. The error report lists each row to fix, with its row number and the reason for
                    every column that needs fixing. Fix them in your file, then choose it again.
                  </span>
                  <Button
                    danger
                    icon={<DownloadOutlined />}
                    onClick={() => saveFile(outcome.file, props.errorReportFileName)}
                  >
                    Download error report
                  </Button>
                </Flex>
              }
            />
          ) : null}
        </Flex>
      </Modal>
    </>
  );
}
