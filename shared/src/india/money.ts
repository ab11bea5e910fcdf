const RUPEE = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const PLAIN = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** ₹1,23,456.50 — Indian digit grouping (lakh, crore) with two decimals. */
export function formatRupees(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n === null || n === undefined || Number.isNaN(n)) return '-';
  return RUPEE.format(n);
}

/** 1,23,456.5 — Indian grouping without the currency sign. */
export function formatIndianNumber(n: number): string {
  return PLAIN.format(n);
}

/** Rupees (number or decimal string) to integer paise without float drift: '12.345' is refused by callers. */
export function toPaise(amount: number | string): number {
  const s = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new Error(`Not an amount: ${amount}`);
  const paise = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -paise : paise;
}

/**
 * An amount as the database hands it back ('1500', '-12.5', 1500) to the two-decimal string answers carry, digit for
 * digit whatever its size: a sum may pass what integer paise hold exactly in a JS number.
 */
export function moneyText(amount: number | string): string {
  const s = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new Error(`Not an amount: ${amount}`);
  const whole = m[2].replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').padEnd(2, '0');
  const zero = whole === '0' && fraction === '00';
  return `${m[1] && !zero ? '-' : ''}${whole}.${fraction}`;
}

/** Integer paise to a rupee decimal string with two places, e.g. 12345 -> '123.45'. */
export function fromPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const ONES = [
  '', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve',
  'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** Compound tens are hyphenated, as gst-rules.md writes them: 'Twenty-Three'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** Whole number in the Indian system: thousand, lakh, crore (crores above 99 recurse: 'One Hundred Crore'). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${integerInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * Integer paise in words, as gst-rules.md writes them: 'Rupees One Lakh Twenty-Three Thousand Four Hundred
 * Fifty-Six and Seventy-Eight Paise Only'; 'Rupees Zero Only'; less than a rupee: 'Fifty Paise Only'.
 */
export function paiseInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`Not an amount in paise: ${paise}`);
  if (paise < 0) return `Minus ${paiseInWords(-paise)}`;
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  if (rupees === 0 && p) return `${belowHundred(p)} Paise Only`;
  const rupeePart = `Rupees ${integerInWords(rupees)}`;
  return p ? `${rupeePart} and ${belowHundred(p)} Paise Only` : `${rupeePart} Only`;
}

/** An amount in rupees (number or decimal string, at most two decimals) in words: see `paiseInWords`. */
export function amountInWords(amount: number | string): string {
  return paiseInWords(toPaise(amount));
}
