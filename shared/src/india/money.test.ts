import { amountInWords, formatRupees, fromPaise, integerInWords, moneyText, paiseInWords, toPaise } from './money';

describe('rupee formatting', () => {
  it('groups digits the Indian way with two decimals', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(10000000)).toBe('₹1,00,00,000.00');
    expect(formatRupees('0')).toBe('₹0.00');
  });

  it('shows - for no amount', () => {
    expect(formatRupees(null)).toBe('-');
    expect(formatRupees('abc')).toBe('-');
  });
});

describe('paise', () => {
  it('converts without float drift', () => {
    expect(toPaise('0.1') + toPaise('0.2')).toBe(30);
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise('-5.5')).toBe(-550);
    expect(fromPaise(123456)).toBe('1234.56');
    expect(fromPaise(-5)).toBe('-0.05');
  });

  it('refuses more than two decimals', () => {
    expect(() => toPaise('1.234')).toThrow('Not an amount');
  });
});

describe('amounts as answers carry them', () => {
  it('have two decimals, digit for digit at any size', () => {
    expect(moneyText('1500')).toBe('1500.00');
    expect(moneyText('-12.5')).toBe('-12.50');
    expect(moneyText(1500)).toBe('1500.00');
    expect(moneyText('-0.00')).toBe('0.00');
    expect(moneyText('007.10')).toBe('7.10');
    // Past 2^53 paise a float would round the last digits.
    expect(moneyText('999999999999999.99')).toBe('999999999999999.99');
    expect(moneyText('-123456789012345.67')).toBe('-123456789012345.67');
  });

  it('refuse what is not an amount', () => {
    expect(() => moneyText('1.234')).toThrow('Not an amount');
    expect(() => moneyText('abc')).toThrow('Not an amount');
  });
});

describe('amount in words (Indian system)', () => {
  it('reads hundreds, thousands, lakhs and crores, hyphenating compound tens', () => {
    expect(integerInWords(0)).toBe('Zero');
    expect(integerInWords(20)).toBe('Twenty');
    expect(integerInWords(21)).toBe('Twenty-One');
    expect(integerInWords(115)).toBe('One Hundred Fifteen');
    expect(integerInWords(1_00_000)).toBe('One Lakh');
    expect(integerInWords(10_00_010)).toBe('Ten Lakh Ten');
    expect(integerInWords(12_34_56_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
    expect(integerInWords(1_00_00_00_000)).toBe('One Hundred Crore');
  });

  it('writes the example of gst-rules.md exactly', () => {
    expect(amountInWords('123456.78')).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(paiseInWords(12345678)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
  });

  it('adds paise and Only', () => {
    expect(amountInWords('123456.50')).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only');
    expect(amountInWords(1)).toBe('Rupees One Only');
    expect(amountInWords('99999999.99')).toBe(
      'Rupees Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    );
  });

  it('reads zero, paise alone, and more than 99 crore', () => {
    expect(paiseInWords(0)).toBe('Rupees Zero Only');
    expect(paiseInWords(50)).toBe('Fifty Paise Only');
    expect(paiseInWords(1)).toBe('One Paise Only');
    expect(paiseInWords(100_00_00_000_00)).toBe('Rupees One Hundred Crore Only');
    expect(amountInWords('999999999999.99')).toBe(
      'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred ' +
        'Ninety-Nine and Ninety-Nine Paise Only',
    );
    expect(paiseInWords(-150)).toBe('Minus Rupees One and Fifty Paise Only');
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => paiseInWords(1.5)).toThrow('Not an amount in paise');
    expect(() => amountInWords('1.234')).toThrow('Not an amount');
  });
});
