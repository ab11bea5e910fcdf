import { PDFParse } from 'pdf-parse';

/** A PDF's text as a reader sees it, page by page, whitespace collapsed (tests only). */
export async function pdfText(pdf: Buffer): Promise<{ pages: string[]; text: string }> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const pages = (await parser.getText()).pages.map((p) => p.text.replace(/\s+/g, ' '));
    return { pages, text: pages.join(' ') };
  } finally {
    await parser.destroy();
  }
}
