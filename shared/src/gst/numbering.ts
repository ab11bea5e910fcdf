import { GstInputError } from './errors';

/** gst-rules.md "Numbers and dates": at most 16 characters. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
/** Room kept for the running number, so every number of a series has the same form up to 999999. */
const RUNNING_DIGITS = 6;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 1 April – 31 March: '2026-05-01' → { label: '2026-27', short: '26-27', start: '2026-04-01', end: '2027-03-31' }. */
export function financialYearOf(date: string): { label: string; short: string; start: string; end: string } {
  const m = typeof date === 'string' ? ISO_DATE.exec(date.trim()) : null;
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const real = new Date(Date.UTC(year, month - 1, day));
  if (!m || year < 1000 || real.getUTCFullYear() !== year || real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) {
    throw new GstInputError('date', 'Date must be a real date written YYYY-MM-DD');
  }
  const startYear = month >= 4 ? year : year - 1;
  const next = String((startYear + 1) % 100).padStart(2, '0');
  const yy = String(startYear % 100).padStart(2, '0');
  return {
    label: `${startYear}-${next}`,
    short: `${yy}-${next}`,
    start: `${startYear}-04-01`,
    end: `${startYear + 1}-03-31`,
  };
}

const FY_LABEL = /^(\d{4})-(\d{2})$/;
const PREFIX = /^[A-Za-z1-9][A-Za-z0-9/-]*$/;
const DOCUMENT_NUMBER = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;

function yearForms(financialYearLabel: string): string[] {
  const m = typeof financialYearLabel === 'string' ? FY_LABEL.exec(financialYearLabel.trim()) : null;
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) {
    throw new GstInputError('financialYear', "Financial year must be written like '2026-27'");
  }
  const yy = m[1].slice(2);
  // From the fullest to the shortest: '26-27', '2627', '26'.
  return [`${yy}-${m[2]}`, `${yy}${m[2]}`, yy];
}

const trimSeparators = (s: string) => s.replace(/[/-]+$/, '');

/**
 * The part of every number of a series before its running number, e.g. 'MUM/26-27/': the prefix and the year,
 * shortened so that a six-digit running number still fits in 16 characters — first the year ('26-27', then
 * '2627', then '26'), then the prefix (cut to what is left). With no prefix the year is written in full
 * ('2026-27/'), so the number never starts with 0. Two branches whose prefixes become the same here
 * would share numbers: the API should refuse such a prefix.
 */
export function documentSeriesPrefix(prefix: string, financialYearLabel: string): string {
  const years = yearForms(financialYearLabel);
  const p = trimSeparators(typeof prefix === 'string' ? prefix.trim() : '');
  if (p !== '' && !PREFIX.test(p)) {
    throw new GstInputError(
      'prefix',
      'Number prefix may hold only letters, digits, / and -, and cannot start with 0, / or -',
    );
  }
  const room = DOCUMENT_NUMBER_MAX_LENGTH - RUNNING_DIGITS;
  // No prefix: the year in full, which fits and never starts with 0 ('2026-27/42'; '05-06/42' would).
  if (p === '') return `${financialYearLabel.trim()}/`;
  for (const year of years) {
    const head = `${p}/${year}/`;
    if (head.length <= room) return head;
  }
  const year = years[years.length - 1];
  // What is left for the prefix beside '/26/'.
  const cut = trimSeparators(p.slice(0, room - year.length - 2));
  return `${cut}/${year}/`;
}

/** A document number of a series: prefix + year + running number, e.g. documentNumber('MUM', '2026-27', 42) = 'MUM/26-27/42'. */
export function documentNumber(prefix: string, financialYearLabel: string, runningNumber: number): string {
  if (!Number.isSafeInteger(runningNumber) || runningNumber < 1) {
    throw new GstInputError('runningNumber', 'Running number must be a whole number from 1');
  }
  const number = `${documentSeriesPrefix(prefix, financialYearLabel)}${runningNumber}`;
  if (number.length > DOCUMENT_NUMBER_MAX_LENGTH) {
    throw new GstInputError('runningNumber', `Document number ${number} is longer than 16 characters`);
  }

  return number;
}

/** At most 16 characters of A–Z, a–z, 0–9, / and -, not starting with 0, / or - (gst-rules.md). */
export function isValidDocumentNumber(s: string): boolean {
  return typeof s === 'string' && DOCUMENT_NUMBER.test(s);
}
