/**
 * Invoice PDF generation time: a 10-line and a 200-line tax invoice on A4, and the 10-line one as an
 * 80 mm receipt, rendered in this process by the API's renderer (the route adds a database read). Each figure is
 * the median of several renders after a warm-up, as wall time and as CPU time (the machine is shared, and CPU time
 * is what one render costs the server). The baseline, measured in the same run: a one-line PDF in the same fonts,
 * i.e. what pdfkit and the fonts cost before any invoice is drawn.
 *
 * Under `pnpm bench` it is an area benchmark; alone: `npx tsx bench/pdf.bench.ts`. A benchmark, not a test.
 */
import { renderDocumentPdf, type PdfLayout, type PrintableDocument } from '../api/src/services/pdf';
import { sampleInvoice } from '../api/src/services/pdf/fixtures';
import { Pen } from '../api/src/services/pdf/pen';
import type { AreaContext } from './lib/area';
import { kb, median, ms, ratio, table } from './lib/common';

const WARMUP = 3;
const ROUNDS = 9;

interface Figure {
  wall: number;
  cpu: number;
  bytes: number;
  pages: number;
}

async function measure(render: () => Promise<Buffer>): Promise<Figure> {
  let pdf = await render();
  for (let i = 1; i < WARMUP; i++) await render();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    pdf = await render();
    walls.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
  return { wall: median(walls), cpu: median(cpus), bytes: pdf.length, pages };
}

function onePageBaseline(): Promise<Buffer> {
  const pen = Pen.create({ size: 'A4', margin: 0 });
  pen.line('Tax Invoice MUM/26-27/42 ₹1,000.00', 28, 28, 500, { size: 10 });
  const chunks: Buffer[] = [];
  pen.doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve) => {
    pen.doc.on('end', () => resolve(Buffer.concat(chunks)));
    pen.doc.end();
  });
}

export async function run(ctx?: Pick<AreaContext, 'log'>): Promise<string[]> {
  const log = ctx?.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const cases: Array<[string, PrintableDocument, PdfLayout]> = [
    ['10-line tax invoice, A4', sampleInvoice({ lines: 10 }), 'a4'],
    ['200-line tax invoice, A4', sampleInvoice({ lines: 200 }), 'a4'],
    ['10-line tax invoice, 80 mm receipt', sampleInvoice({ lines: 10 }), 'thermal80'],
    ['10-line inter-state e-invoice with QR, A4', sampleInvoice({ lines: 10, supplyType: 'INTER', eInvoice: true }), 'a4'],
  ];
  log('pdf: baseline');
  const base = await measure(onePageBaseline);
  const rows = [['baseline: one line of text, same fonts', ms(base.wall), ms(base.cpu), '1×', kb(base.bytes), String(base.pages)]];
  for (const [name, doc, layout] of cases) {
    log(`pdf: ${name}`);
    const f = await measure(() => renderDocumentPdf(doc, layout));
    rows.push([name, ms(f.wall), ms(f.cpu), ratio(f.cpu, base.cpu), kb(f.bytes), String(f.pages)]);
  }
  return [
    '## Invoice PDF',
    '',
    `Median of ${ROUNDS} renders after ${WARMUP} warm-up renders, in one process (no HTTP, no database).`,
    '',
    ...table(['Document', 'Wall', 'CPU', 'CPU vs baseline', 'Size', 'Pages'], rows),
  ];
}

if (require.main === module) {
  run().then((lines) => console.log(lines.join('\n')));
}
