import { pageRule, printDocument } from './print';

describe('printing', () => {
  it('prints A4 with margins, and a receipt as long as its content on 80 or 58 mm paper', () => {
    expect(pageRule('a4')).toBe('@page { size: A4; margin: 10mm; }');
    // 600 px of receipt is 158.75 mm, plus the margins.
    expect(pageRule('thermal80', 600)).toBe('@page { size: 80mm 167mm; margin: 3mm 4mm; }');
    expect(pageRule('thermal58', 10)).toBe('@page { size: 58mm 60mm; margin: 3mm 4mm; }');
  });

  it('sets the layout and the page size for one print only', () => {
    const seen: string[] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      seen.push(`${document.documentElement.dataset.printLayout} ${document.head.lastElementChild?.textContent}`);
    });
    printDocument('thermal58');
    expect(seen).toEqual(['thermal58 @page { size: 58mm 60mm; margin: 3mm 4mm; }']);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.documentElement.dataset.printLayout).toBeUndefined();
    expect(document.head.querySelector('style')).toBeNull();
  });
});
