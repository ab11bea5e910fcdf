import ExcelJS from 'exceljs';
import { SHEET_LIMITS, SHEET_MESSAGES, SheetError, type SheetLimits } from './limits';
import { parseSheet } from './parse';
import { SHEET_XML_HEAD, SHEET_XML_TAIL, csvOf, xlsxFromXml, xlsxOf, zipOf } from './testing';

const LIMITS: SheetLimits = { ...SHEET_LIMITS, maxRows: 10_000 };
const rowsOf = async (data: Buffer, limits: Partial<SheetLimits> = {}) => (await parseSheet(data, { ...LIMITS, ...limits })).rows;
const refusal = (data: Buffer, limits: Partial<SheetLimits> = {}) =>
  parseSheet(data, { ...LIMITS, ...limits }).then(
    () => null,
    (e: SheetError) => ({ status: e.status, message: e.message }),
  );
const sheetXml = (rows: string) => ({ data: Buffer.from(SHEET_XML_HEAD + rows + SHEET_XML_TAIL) });
const sst = (texts: string[]) =>
  Buffer.from(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${texts.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`);

describe('reading an .xlsx', () => {
  it('keeps every cell as the text it shows, rows numbered as in the file, from the first sheet only', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Parties');
    sheet.addRow(['Name', 'PIN', 'Price', 'Active', 'Email', 'Note']);
    sheet.addRow([' Asha ', '011001', 0.30000000000000004, true, { text: 'a@b.in', hyperlink: 'mailto:a@b.in' }, null]);
    sheet.addRow([]);
    sheet.addRow([{ richText: [{ text: 'Rich ' }, { text: 'text' }] }, null, { formula: '1+2', result: 3 }, false, null, 'x']);
    workbook.addWorksheet('Notes').addRow(['not read']);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['Name', 'PIN', 'Price', 'Active', 'Email', 'Note'] },
      { rowNumber: 2, cells: ['Asha', '011001', '0.3', 'TRUE', 'a@b.in'] },
      { rowNumber: 4, cells: ['Rich text', '', '3', 'FALSE', '', 'x'] },
    ]);
  });

  it('reads what other writers write: prefixed elements, inline strings, cells without references, phonetic guides', async () => {
    const sheet = Buffer.from(
      '<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
        '<x:row><x:c t="inlineStr"><x:is><x:t>Name</x:t></x:is></x:c><x:c t="s"><x:v>0</x:v></x:c></x:row>' +
        '<x:row r="3"><x:c r="B3" t="inlineStr"><x:is><x:r><x:t>Ka</x:t></x:r><x:r><x:t>nji</x:t></x:r><x:rPh><x:t>kana</x:t></x:rPh></x:is></x:c></x:row>' +
        '</x:sheetData></x:worksheet>',
    );
    const shared = Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><t>Ty</t></r><r><t>pe</t></r><rPh><t>x</t></rPh></si></sst>');
    expect(await rowsOf(xlsxFromXml({ data: sheet }, shared))).toEqual([
      { rowNumber: 1, cells: ['Name', 'Type'] },
      { rowNumber: 3, cells: ['', 'Kanji'] },
    ]);
  });

  it('keeps only the cells with a value: a styled empty cell at XFD costs nothing', async () => {
    const rows = await rowsOf(xlsxFromXml(sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="XFD1" s="1"/></row>')));
    expect(rows).toEqual([{ rowNumber: 1, cells: ['a'] }]);
  });
});

describe('reading a CSV', () => {
  it('reads records, not lines: a quoted cell spans lines, blank lines still count as rows', async () => {
    const file = Buffer.from('\ufeffName,Street\r\n"Jain, Pune","Shop 1\nLaxmi Road"\r\n\r\n 011001 ,\r\n');
    expect(await rowsOf(file)).toEqual([
      { rowNumber: 1, cells: ['Name', 'Street'] },
      { rowNumber: 2, cells: ['Jain, Pune', 'Shop 1\nLaxmi Road'] },
      { rowNumber: 4, cells: ['011001'] },
    ]);
  });

  it("reads Excel's plain CSV in the Windows code page as well as UTF-8", async () => {
    expect(await rowsOf(Buffer.from('Caf\xe9 \x93Noor\x94\r\n', 'latin1'))).toEqual([{ rowNumber: 1, cells: ['Café “Noor”'] }]);
    expect(await rowsOf(csvOf([['नमस्ते', '₹ 1,00,000']]))).toEqual([{ rowNumber: 1, cells: ['नमस्ते', '₹ 1,00,000'] }]);
  });
});

describe('telling a spreadsheet by its bytes', () => {
  it('answers 415 for what is neither .xlsx nor text, 400 for a broken workbook', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR')]);
    const notAWorkbook = zipOf([{ name: 'word/document.xml', data: Buffer.from('<document/>') }]);
    expect(await refusal(png)).toEqual({ status: 415, message: SHEET_MESSAGES.notSpreadsheet });
    expect(await refusal(Buffer.from('\ufeffName', 'utf16le'))).toEqual({ status: 415, message: SHEET_MESSAGES.notSpreadsheet });
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toEqual({ status: 415, message: SHEET_MESSAGES.legacyXls });
    expect(await refusal(notAWorkbook)).toEqual({ status: 415, message: SHEET_MESSAGES.notSpreadsheet });
    expect(await refusal(Buffer.from('PK\u0003\u0004 truncated'))).toEqual({ status: 400, message: SHEET_MESSAGES.unreadable });
    expect(await refusal(xlsxFromXml(sheetXml('<row><c><v>1</v></row>')))).toEqual({ status: 400, message: SHEET_MESSAGES.unreadable });
  });
});

describe('the limits', () => {
  const cells = (n: number, text = 'x') => `<row r="1">${Array.from({ length: n }, () => `<c t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;

  it('counts the bytes it inflates itself, whatever the zip declares', async () => {
    const sheet = sheetXml(`<row r="1"><c t="inlineStr"><is><t>${'y'.repeat(3000)}</t></is></c></row>`);
    expect(await rowsOf(xlsxFromXml(sheet), { maxUnzippedBytes: 10_000 })).toHaveLength(1);
    expect(await refusal(xlsxFromXml(sheet), { maxUnzippedBytes: 2_000 })).toEqual({ status: 413, message: SHEET_MESSAGES.tooLargeUnzipped(2_000) });
    // Declaring more than the truth, or less, does not change what is counted.
    const claimsMore = xlsxFromXml({ ...sheet, declaredSize: 4_000_000_000 });
    expect(await refusal(claimsMore, { maxUnzippedBytes: 2_000 })).toEqual({ status: 413, message: SHEET_MESSAGES.tooLargeUnzipped(2_000) });
    expect(await refusal(xlsxFromXml({ ...sheet, declaredSize: 100 }))).toEqual({ status: 400, message: SHEET_MESSAGES.unreadable });
  });

  it('refuses a value beyond the last column, naming its cell', async () => {
    expect(await rowsOf(xlsxFromXml(sheetXml(cells(3))), { maxColumns: 3 })).toEqual([{ rowNumber: 1, cells: ['x', 'x', 'x'] }]);
    expect(await refusal(xlsxFromXml(sheetXml(cells(4))), { maxColumns: 3 })).toEqual({ status: 413, message: SHEET_MESSAGES.tooManyColumns('D1', 3) });
    expect(await refusal(Buffer.from('a,b,c,,e\r\n'), { maxColumns: 3 })).toEqual({ status: 413, message: SHEET_MESSAGES.tooManyColumns('E1', 3) });
  });

  it('refuses a cell longer than the limit, inline, shared or in a CSV', async () => {
    const long = 'z'.repeat(11);
    expect(await refusal(xlsxFromXml(sheetXml(cells(2, long))), { maxCellChars: 10 })).toEqual({ status: 413, message: SHEET_MESSAGES.cellTooLong('A1', 10) });
    const shared = xlsxFromXml(sheetXml('<row r="7"><c r="C7" t="s"><v>1</v></c></row>'), sst(['short', long]));
    expect(await refusal(shared, { maxCellChars: 10 })).toEqual({ status: 413, message: SHEET_MESSAGES.cellTooLong('C7', 10) });
    // A long shared string no cell uses is no problem.
    const unused = xlsxFromXml(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), sst(['short', long]));
    expect(await rowsOf(unused, { maxCellChars: 10 })).toEqual([{ rowNumber: 1, cells: ['short'] }]);
    expect(await refusal(Buffer.from(`a\r\nb,${long}\r\n`), { maxCellChars: 10 })).toEqual({ status: 413, message: SHEET_MESSAGES.cellTooLong('B2', 10) });
  });

  it('refuses a CSV row longer than a whole row may be', async () => {
    const line = Buffer.from(`${'w'.repeat(50)}\r\n`);
    expect(await refusal(Buffer.concat([Buffer.from('ok\r\n'), line]), { maxColumns: 2, maxCellChars: 20 })).toEqual({
      status: 413,
      message: SHEET_MESSAGES.rowTooLong(2, 40),
    });
  });

  it('refuses more text in all than the limit, more shared strings, more rows, more parts', async () => {
    expect(await refusal(xlsxFromXml(sheetXml(cells(5, 'abc'))), { maxTextChars: 14 })).toEqual({ status: 413, message: SHEET_MESSAGES.tooMuchText(14) });
    const three = xlsxFromXml(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), sst(['a', 'b', 'c']));
    expect(await rowsOf(three, { maxSharedStrings: 3 })).toHaveLength(1);
    expect(await refusal(three, { maxSharedStrings: 2 })).toEqual({ status: 413, message: SHEET_MESSAGES.tooManyTexts(2) });
    const csv = csvOf([['h'], ['1'], [''], ['2'], ['3']]);
    expect(await rowsOf(csv, { maxRows: 3 })).toHaveLength(4);
    expect(await refusal(csv, { maxRows: 2 })).toEqual({ status: 413, message: SHEET_MESSAGES.tooManyRows(2) });
    const book = await xlsxOf([['h'], ['1']]);
    expect(await refusal(book, { maxZipEntries: 3 })).toEqual({ status: 413, message: SHEET_MESSAGES.tooManyParts(3) });
  });
});
