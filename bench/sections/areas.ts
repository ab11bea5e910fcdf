// Area benchmarks other engineers write (bench/*.bench.ts and the known files below), each in its own child
// process with a fresh signed-up business on every running server. Convention: bench/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { contextEnv, type AreaServer } from '../lib/area';
import { BENCH_DIR, ROOT, bin, log, runCommand, tempDir } from '../lib/common';
import { signUp, type BahiServer } from '../lib/server';

/** Area benchmarks named in the issues that do not follow the `*.bench.ts` pattern. */
export const KNOWN_AREA_FILES = ['parties-import.ts', 'items.ts'];
const TIMEOUT_S = Number(process.env.BENCH_AREA_TIMEOUT_S ?? 240);
/** Area benchmarks that need longer than the default: the books generate 1,00,000 invoices and run two servers' loads. */
const LONGER_TIMEOUTS_S: Record<string, number> = { 'books.bench.ts': 900 };

export function findAreaBenches(): string[] {
  const names = fs.readdirSync(BENCH_DIR).filter((f) => f.endsWith('.bench.ts') || KNOWN_AREA_FILES.includes(f));
  return [...new Set(names)].sort().map((f) => path.join(BENCH_DIR, f));
}

/** Runs every area benchmark; servers are in order of preference (PostgreSQL first). */
export async function benchAreas(servers: BahiServer[]): Promise<string[]> {
  const files = findAreaBenches();
  if (files.length === 0) return ['## Area benchmarks', '', '- None found (bench/*.bench.ts, ' + KNOWN_AREA_FILES.map((f) => `bench/${f}`).join(', ') + ').', ''];
  const lines: string[] = [];
  for (const file of files) {
    const name = path.relative(ROOT, file);
    const timeoutS = Math.max(TIMEOUT_S, LONGER_TIMEOUTS_S[path.basename(file)] ?? 0);
    log(`area benchmark ${name} (timeout ${timeoutS} s)…`);
    lines.push(`## Area: ${name}`, '');
    try {
      const areaServers: AreaServer[] = [];
      for (const s of servers) {
        const session = await signUp(s, 'Area');
        areaServers.push({
          database: s.database as AreaServer['database'],
          baseUrl: s.baseUrl,
          databaseUrl: s.databaseUrl,
          outbox: s.outbox,
          cookie: session.cookieHeader,
          phone: session.phone,
        });
      }
      const tmpDir = tempDir(`area-${path.basename(file, '.ts')}`);
      const r = await runCommand(bin('tsx'), [path.join(BENCH_DIR, 'lib', 'area-runner.ts'), file], {
        cwd: ROOT,
        env: { ...process.env, ...contextEnv({ root: ROOT, tmpDir, servers: areaServers }) },
        timeoutMs: timeoutS * 1000,
        echoStderr: true,
      });
      const out = r.stdout.replace(/\s+$/, '');
      if (out) lines.push(...out.split('\n'));
      if (r.code !== 0) {
        const why = r.timedOut ? `stopped after ${timeoutS} s` : `exited with ${r.code ?? r.signal}`;
        const tail = r.stderr.trim().split('\n').slice(-8).join('\n');
        lines.push('', `- **Failed**: ${why}.${tail ? `\n\n\`\`\`\n${tail}\n\`\`\`` : ''}`);
      } else if (!out) {
        lines.push('- (printed no result lines)');
      }
      lines.push('', `- Ran in ${(r.ms / 1000).toFixed(1)} s against ${areaServers.map((s) => s.database).join(' and ')}.`, '');
    } catch (e) {
      lines.push(`- **Failed to start**: ${(e as Error).message}`, '');
    }
  }
  return lines;
}
