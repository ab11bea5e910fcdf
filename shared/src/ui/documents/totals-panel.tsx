import type { ReactNode } from 'react';
import { Divider, Flex, Switch, Typography } from 'antd';
import { stateTaxLabel, type GstDocumentTotals, type SupplyType } from '@bahi/shared';
import { rupeesOfPaise } from './format';

function Row({ label, value, strong, testId }: { label: ReactNode; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Flex justify="space-between" align="center" style={{ minHeight: 28, fontSize: strong ? 18 : undefined }}>
      <Typography.Text strong={strong} type={strong ? undefined : 'secondary'}>
        {label}
      </Typography.Text>
      <Typography.Text strong={strong} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
}

export interface TotalsPanelProps {
  totals: GstDocumentTotals;
  amountInWords: string;
  supplyType: SupplyType | null;
  placeOfSupply: string | null;
  roundOff: boolean;
  onRoundOff: (on: boolean) => void;
  /** An invoice shows what is received now and what stays due; a purchase what is paid now. */
  received?: number;
  /** 'Received' on a sale, 'Paid' on a purchase. */
  receivedLabel?: string;
}

/** The bill's totals as the engine gives them, on every keystroke; the tax split labelled by supply type. */
export function TotalsPanel(props: TotalsPanelProps) {
  const { totals, amountInWords, supplyType, placeOfSupply, roundOff, onRoundOff, received, receivedLabel = 'Received' } = props;
  const stateLabel = placeOfSupply ? stateTaxLabel(placeOfSupply) : 'SGST';
  return (
    <section aria-label="Totals">
      {totals.discount > 0 ? <Row label="Discount" value={rupeesOfPaise(totals.discount)} /> : null}
      <Row label="Taxable value" value={rupeesOfPaise(totals.taxableValue)} testId="total-taxable" />
      {supplyType === 'INTER' ? (
        <Row label="IGST" value={rupeesOfPaise(totals.igst)} testId="total-igst" />
      ) : (
        <>
          <Row label="CGST" value={rupeesOfPaise(totals.cgst)} testId="total-cgst" />
          <Row label={stateLabel} value={rupeesOfPaise(totals.sgst)} testId="total-sgst" />
        </>
      )}
      {totals.cess > 0 ? <Row label="Cess" value={rupeesOfPaise(totals.cess)} testId="total-cess" /> : null}
      <Row
        label={
          <Flex align="center" gap={8}>
            <Switch size="small" checked={roundOff} onChange={onRoundOff} aria-label="Round off" />
            Round off
          </Flex>
        }
        value={rupeesOfPaise(totals.roundOff)}
        testId="total-round-off"
      />
      <Divider style={{ margin: '8px 0' }} />
      <Row label="Grand total" value={rupeesOfPaise(totals.grandTotal)} strong testId="total-grand" />
      {totals.reverseChargeTax !== undefined ? (
        // Reverse charge: the supplier is owed the grand total; the tax is the business's to pay to the government.
        <Row label="Tax payable by you (reverse charge)" value={rupeesOfPaise(totals.reverseChargeTax)} testId="total-reverse-charge" />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0', minHeight: 36 }} data-testid="total-words">
        {amountInWords}
      </Typography.Paragraph>
      {received !== undefined ? (
        <>
          <Divider style={{ margin: '8px 0' }} />
          <Row label={receivedLabel} value={rupeesOfPaise(received)} />
          <Row label="Balance due" value={rupeesOfPaise(Math.max(0, totals.grandTotal - received))} testId="total-balance" />
        </>
      ) : null}
    </section>
  );
}
