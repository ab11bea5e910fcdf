// Child process of run.ts for one area benchmark: imports the file; if it exports `run(ctx)`, prints the lines it
// returns to stdout. A plain script has already printed its lines while being imported.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { areaContext, type AreaBench } from './area';

/** True when the module exported `run` (and its lines are out); a plain script keeps the process until it ends. */
async function main(): Promise<boolean> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/lib/area-runner.ts <area bench file>');
  const mod = (await import(pathToFileURL(path.resolve(file)).href)) as { run?: AreaBench; default?: { run?: AreaBench } };
  const run = mod.run ?? mod.default?.run;
  if (typeof run === 'function') {
    const out = await run(areaContext());
    const lines = out === undefined ? [] : Array.isArray(out) ? out : [out];
    process.stdout.write(lines.map((l) => `${l}\n`).join(''));
    return true;
  }
  return false;
}

main().then(
  // Open handles (a pool, a browser) must not keep the child alive once the lines are out.
  (ran) => {
    if (ran) process.stdout.write('', () => process.exit(0));
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
