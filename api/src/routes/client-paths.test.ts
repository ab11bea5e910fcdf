import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { createHarness, get, type Harness } from '../test/harness';

/*
 * Every function of every `*Api` object in shared/src/api/*.ts (new client files included) is called with a fetch
 * that records the request; each path, method and query name it sends must exist in /api/openapi.json. The
 * arguments are made from the functions' TypeScript parameter types, so every query name a type allows is sent.
 */
const API_DIR = path.resolve(__dirname, '../../../shared/src/api');
const files = fs
  .readdirSync(API_DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => path.join(API_DIR, f));

interface ClientFunction {
  file: string;
  api: string;
  name: string;
  /** One value per parameter, made from its type. */
  args: unknown[];
}

/** Each `export const xxxApi = { fn: (...) => ... }` of the client, with arguments its parameter types describe. */
function clientFunctions(): ClientFunction[] {
  const program = ts.createProgram(files, { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const valueOf = (type: ts.Type, depth = 0): unknown => {
    const nonNull = checker.getNonNullableType(type);
    if (nonNull.getCallSignatures().length) return undefined;
    const name = nonNull.getSymbol()?.getName();
    if (name === 'Blob' || name === 'File') return new Blob(['x']);
    if (nonNull.isUnion() && nonNull.types.every((t) => t.isStringLiteral())) return (nonNull.types[0] as ts.StringLiteralType).value;
    if (nonNull.isStringLiteral()) return nonNull.value;
    if (nonNull.flags & (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return 'x';
    if (checker.isArrayType(nonNull)) return [];
    if (nonNull.flags & ts.TypeFlags.Object) {
      if (depth > 0) return {};
      return Object.fromEntries(checker.getPropertiesOfType(nonNull).map((p) => [p.getName(), valueOf(checker.getTypeOfSymbol(p), depth + 1)]));
    }
    return 'x';
  };
  const found: ClientFunction[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    source.forEachChild((node) => {
      if (!ts.isVariableStatement(node) || !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return;
      for (const decl of node.declarationList.declarations) {
        const api = decl.name.getText(source);
        if (!/Api$/.test(api) || !decl.initializer || !ts.isObjectLiteralExpression(decl.initializer)) continue;
        for (const prop of decl.initializer.properties) {
          if (!ts.isPropertyAssignment(prop) || !ts.isArrowFunction(prop.initializer)) continue;
          const args = prop.initializer.parameters.map((p) => valueOf(checker.getTypeAtLocation(p)));
          found.push({ file: path.basename(file), api, name: prop.name.getText(source), args });
        }
      }
    });
  }
  return found;
}

let h: Harness;
let operations: { method: string; pattern: RegExp; template: string; query: Set<string> }[];

beforeAll(async () => {
  h = await createHarness();
  const doc = (await get(h.app, '/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      query: new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)),
    })),
  );
});
afterAll(() => h.close());

describe('the shared API client against the OpenAPI description', () => {
  it('calls only paths, methods and query names the API describes', async () => {
    const functions = clientFunctions();
    // The client files this test reads: a rename that hides them from it would show here.
    expect(functions.map((f) => `${f.api}.${f.name}`)).toEqual(expect.arrayContaining(['itemApi.list', 'partyApi.list', 'branchApi.list', 'authApi.profile']));
    const sent: { method: string; url: URL; caller: string }[] = [];
    const realFetch = global.fetch;
    global.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', url: new URL(String(input), 'http://bahi.test'), caller: '' });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      for (const f of functions) {
        // Both loaded and called at run time: the files are the client as it ships.
        const mod = (await import(path.join(API_DIR, f.file))) as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
        const before = sent.length;
        await Promise.resolve()
          .then(() => mod[f.api][f.name](...f.args))
          .catch(() => undefined);
        expect(`${f.api}.${f.name} sent ${sent.length - before}`).toBe(`${f.api}.${f.name} sent 1`);
        sent[sent.length - 1].caller = `${f.api}.${f.name}`;
      }
    } finally {
      global.fetch = realFetch;
    }
    const problems = sent.flatMap(({ method, url, caller }) => {
      const op = operations.find((o) => o.method === method && o.pattern.test(url.pathname));
      if (!op) return [`${caller}: ${method} ${url.pathname} is not in the API`];
      return [...url.searchParams.keys()].filter((k) => !op.query.has(k)).map((k) => `${caller}: ${op.template} has no query parameter ${k}`);
    });
    expect(problems).toEqual([]);
    // Query names were really sent (the list functions' parameter types were read), so the check above had work.
    expect(sent.find((s) => s.caller === 'itemApi.list')?.url.searchParams.has('pageSize')).toBe(true);
  });
});
