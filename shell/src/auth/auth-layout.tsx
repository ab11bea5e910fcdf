import type { ReactNode } from 'react';
import { Brand } from '../app/brand';
import { usePrefetchSignedInAppWhenIdle } from '../app/signed-in-loader';
import { useDocumentTitle } from '../app/use-document-title';
import './auth.css';

const POINTS = [
  ['GST done right', 'CGST, SGST and IGST worked out on every bill, HSN summary included.'],
  ['Stock you can trust', 'Items, serial numbers and low-stock alerts across every branch.'],
  ['Parties and payments', 'Customers, suppliers, cash and bank in one ledger.'],
];

/**
 * The frame of the sign-in and sign-up pages: the product on the left, the form on the right. Plain HTML and CSS
 * on purpose: these pages load only the UI-free core of @bahi/shared, and fetch the rest of the app while idle.
 */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  usePrefetchSignedInAppWhenIdle();
  return (
    <div className="bahi-auth">
      <aside className="bahi-auth__story">
        <Brand inverted />
        <div>
          <p className="bahi-auth__headline">Billing and stock for your business, the bahi-khata way.</p>
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
        <div className="bahi-auth__card">
          <span className="bahi-auth__brand-small">
            <Brand />
          </span>
          <h1 className="bahi-auth__title">{title}</h1>
          {subtitle ? <p className="bahi-auth__subtitle">{subtitle}</p> : null}
          {children}
        </div>
      </main>
    </div>
  );
}
