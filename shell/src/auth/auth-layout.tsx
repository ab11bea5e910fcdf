import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { Brand } from '../app/brand';
import { useDocumentTitle } from '../app/use-document-title';

const POINTS = [
  ['GST done right', 'CGST, SGST and IGST worked out on every bill, HSN summary included.'],
  ['Stock you can trust', 'Items, serial numbers and low-stock alerts across every branch.'],
  ['Parties and payments', 'Customers, suppliers, cash and bank in one ledger.'],
];

/** The frame of the sign-in and sign-up pages: the product on the left, the form on the right. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="bahi-auth">
      <aside className="bahi-auth__story">
        <Brand inverted />
        <div>
          <h2 className="bahi-auth__headline">Billing and stock for your business, the bahi-khata way.</h2>
          <ul className="bahi-auth__points">
            {POINTS.map(([head, text]) => (
              <li key={head}>
                <strong>{head}</strong>
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <span className="bahi-auth__fine">Made for Indian small businesses · ₹ · GST · HSN/SAC</span>
      </aside>
      <main className="bahi-auth__main">
        <Card className="bahi-auth__card" variant="borderless">
          <Flex vertical gap={4} style={{ marginBottom: 24 }}>
            <span className="bahi-auth__brand-small">
              <Brand />
            </span>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
          </Flex>
          {children}
        </Card>
      </main>
    </div>
  );
}
