import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { EInvoiceState } from '@bahi/shared';

/** The signed QR string as an SVG data URL (pure JS: no canvas, so it prints and tests the same). */
export function useQrSvg(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!text) {
      setUrl(null);
      return;
    }
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 })
      .then((svg) => live && setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

/** IRN, Ack No and date, and the QR code the IRP signed: printed on an invoice once the IRP registered it. */
export function EInvoiceBlock({ einvoice, compact = false }: { einvoice: EInvoiceState; compact?: boolean }) {
  const qr = useQrSvg(einvoice.signedQrCode);
  if (!einvoice.irn) return null;
  const mono = { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', wordBreak: 'break-all' as const };
  const size = compact ? 120 : 110;
  return (
    <section
      aria-label="e-Invoice"
      style={{ display: 'flex', flexDirection: compact ? 'column' : 'row', alignItems: compact ? 'center' : 'flex-start', gap: 12, padding: '8px 0', borderBottom: '1px solid #d9d9d9' }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 700 }}>e-Invoice</div>
        <div>
          IRN: <span style={mono}>{einvoice.irn}</span>
        </div>
        <div>Ack No.: {einvoice.ackNo}</div>
        <div>Ack Date: {einvoice.ackDate}</div>
      </div>
      {qr ? <img src={qr} alt="e-Invoice QR code" width={size} height={size} style={{ imageRendering: 'pixelated' }} /> : null}
    </section>
  );
}
