import type { CSSProperties } from 'react';

/** The Bahi mark: a ledger book with its red binding thread, the bahi-khata the product is named after. */
export function BrandMark({ size = 32, style, inverted = false }: { size?: number; style?: CSSProperties; inverted?: boolean }) {
  const ground = inverted ? '#fff' : '#0b5394';
  const page = inverted ? '#0b5394' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" style={{ flex: 'none', ...style }}>
      <rect width="32" height="32" rx="8" fill={ground} />
      <path d="M9 8.5h11.5a3 3 0 0 1 3 3V24H12a3 3 0 0 1-3-3z" fill={page} />
      <path d="M9 21a3 3 0 0 1 3-3h11.5" fill="none" stroke={ground} strokeWidth="1.4" />
      <path d="M13 11.5h7M13 14.5h5" stroke={ground} strokeWidth="1.4" strokeLinecap="round" />
      <path d="M9.2 8.5v13" stroke="#d9480f" strokeWidth="2" />
    </svg>
  );
}

export function Brand({ collapsed = false, inverted = false }: { collapsed?: boolean; inverted?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <BrandMark inverted={inverted} />
      {collapsed ? null : (
        <span
          style={{
            fontSize: 20,
            fontWeight: 700,
            letterSpacing: 0.3,
            color: inverted ? '#fff' : '#0b2545',
          }}
        >
          Bahi
        </span>
      )}
    </span>
  );
}
