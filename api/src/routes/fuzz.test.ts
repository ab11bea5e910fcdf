import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { PNG, encodeForm, sendMultipart } from '../test/multipart';

/*
 * Every route of /api/openapi.json (so routes added later are covered without touching this file) gets hostile
 * path params, query params and bodies from a signed-in user of one business, and must never answer 5xx.
 * FUZZ_RUNS (per route) and FUZZ_SEED make a run longer or different; the default seed keeps runs repeatable.
 * FUZZ_BUDGET_MS bounds the whole walk: on a slow machine (or PGlite, one query at a time) a route gets fewer runs
 * of the same sequence rather than the suite running long.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Ends the session the fuzzing runs with. */
const SKIPPED = new Set(['POST /api/auth/logout']);

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  example?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  query: string[];
  json?: JsonSchema;
  multipart?: JsonSchema;
}

let h: Harness;
let a: SignedUp;
let dataDir: string;
let operations: Operation[];
/** Ids of real rows of the business, so hostile values also reach the code past "not found". */
const known: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-fuzz-'));
  h = await createHarness({ DATA_DIR: dataDir });
  a = await signUp(h, { businessName: 'Fuzz Traders' });
  known.push(a.profile.activeStoreBranch!.id);
  const item = await sendMultipart(h.app, 'POST', '/api/item/create', a.cookie, { itemType: 'PRODUCT', itemName: 'Phone', itemCode: 'PH1' });
  const party = await write(h.app, 'POST', '/api/party/create', { name: 'Mehta', partyType: 'CUSTOMER' }, { cookie: a.cookie });
  const category = await write(h.app, 'POST', '/api/item/create-item-category', { catagory: 'Mobiles' }, { cookie: a.cookie });
  for (const res of [item, party, category]) {
    expect(res.statusCode).toBe(201);
    known.push(res.json().data.id);
  }

  const doc = (await get(h.app, '/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: p,
      query: (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name),
      json: op.requestBody?.content['application/json']?.schema,
      multipart: op.requestBody?.content['multipart/form-data']?.schema,
    })),
  );
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const HUGE = 'x'.repeat(100_000);
const HOSTILE_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', 'NaN', 'Infinity', '-Infinity', '1e400', '-1e400', '1e15', '1E-7', '999999999999999',
  '1000000000000000', '3000000000', '-3000000000', '-1', '-0', '0x1F', '1_000', '12.345', '₹ 1,00,000.999',
  '2025-02-30', '0000-00-00', '99999-01-01', '2025-13-01', '1899-12-31', 'true', 'null', '[]', '{}', '__proto__',
  "'; drop table items; --", '%', '_', '\\', '../../etc/passwd', '\uD800', '\uFEFF', '😀'.repeat(60), '١٢٣٤',
  HUGE, '9'.repeat(100_000), '00000000-0000-0000-0000-000000000000', 'PRODUCT', 'SERVICE', 'OLD', 'WITH_TAX',
];
const HOSTILE_NUMBERS = [
  1e15, -1e15, 999999999999999, 3e9, -3e9, 2 ** 31, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, Number.MAX_VALUE,
  -Number.MAX_VALUE, Number.MIN_VALUE, 0.1 + 0.2, 12.345, -1, 0, 1,
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.constantFrom(...known, randomUUID()) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
const number = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer(), fc.double());
/** Any JSON: scalars, and arrays or objects where a scalar belongs. */
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(text, fc.constant('__proto__')), tie('value'), { maxKeys: 3 }),
  ),
}));

/** A field: left out, a value its schema allows, or a hostile one; objects are filled field by field. */
function fieldOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const plausible = [...(schema?.enum ?? []), ...(schema?.example === undefined ? [] : [schema.example])];
  const options: fc.Arbitrary<unknown>[] = [value];
  if (plausible.length) options.push(fc.constantFrom(...plausible));
  if (schema?.properties && depth < 3) options.push(objectOf(schema, depth + 1));
  return fc.oneof(...options);
}
const objectOf = (schema: JsonSchema, depth = 0) =>
  fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fieldOf(s, depth)])), { requiredKeys: [] });

const file = fc.record({
  name: fc.oneof(fc.constantFrom('photo.png', 'items.xlsx', 'parties.csv', '../../x.png', 'a"b\r\n.png', ''), text),
  type: fc.constantFrom('image/png', 'image/jpeg', 'text/csv', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  bytes: fc.oneof(
    fc.constant(PNG),
    fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from('PK\u0003\u0004garbage')),
    fc.constant(Buffer.from('Item Type,Item Name\nPRODUCT,\u0000\n')),
  ),
});

/** Text parts named as the route documents them (or anything), files, and sometimes a body cut short. */
function multipartOf(schema: JsonSchema | undefined) {
  const names = Object.keys(schema?.properties ?? {});
  const partName = names.length ? fc.oneof(fc.constantFrom(...names), text) : text;
  return fc.record({
    fields: fc.array(fc.tuple(partName, text), { maxLength: 8 }),
    files: fc.array(fc.tuple(partName, file), { maxLength: 3 }),
    cutAt: fc.option(fc.nat(), { nil: undefined }),
  });
}

const queryOf = (names: string[]) =>
  fc.array(fc.tuple(names.length ? fc.oneof(fc.constantFrom(...names), text) : text, text), { maxLength: 4 });

const pathOf = (template: string) =>
  fc.array(text, { minLength: 8, maxLength: 8 }).map((values) => {
    let i = 0;
    return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++] ?? ''));
  });

type MultipartInput = ReturnType<typeof multipartOf> extends fc.Arbitrary<infer T> ? T : never;

async function send(op: Operation, url: string, body: unknown, form: MultipartInput | undefined) {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', cookie: a.cookie };
  if (form) {
    const { fields, files, cutAt } = form;
    const data = new FormData();
    for (const [k, v] of fields) data.append(k, v);
    for (const [k, f] of files) data.append(k, new File([f.bytes], f.name, { type: f.type }), f.name);
    const { payload, contentType } = await encodeForm(data);
    return h.app.inject({
      method: op.method as 'POST',
      url,
      headers: { ...headers, 'content-type': contentType },
      payload: cutAt === undefined ? payload : payload.subarray(0, cutAt % (payload.length + 1)),
    });
  }
  if (op.method === 'GET') return h.app.inject({ method: 'GET', url, headers: { cookie: a.cookie } });
  return h.app.inject({ method: op.method as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' });
}

describe('every route, hostile input', () => {
  it('answers no 5xx, whatever a signed-in user sends', async () => {
    const statuses = new Map<number, number>();
    const covered: string[] = [];
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      if (SKIPPED.has(key)) continue;
      covered.push(key);
      const isWrite = op.method !== 'GET';
      const request = fc.record({
        path: pathOf(op.path),
        query: queryOf(op.query),
        body: op.json ? fc.oneof({ weight: 4, arbitrary: objectOf(op.json) }, { weight: 1, arbitrary: value }) : fc.constant(undefined),
        // Multipart where the route takes it, and now and then where it does not.
        form: isWrite ? (op.multipart ? multipartOf(op.multipart) : fc.option(multipartOf(undefined), { freq: 4, nil: undefined })) : fc.constant(undefined),
      });
      // The inputs are drawn up front from the seed; each route gets at least its first one however loaded the
      // machine is, then as many more as its share of the time budget allows.
      const deadline = Date.now() + BUDGET_MS / operations.length;
      for (const [i, { path: p, query, body, form }] of fc.sample(request, { numRuns: RUNS, seed: SEED }).entries()) {
        if (i > 0 && Date.now() > deadline) break;
        const qs = new URLSearchParams(query).toString();
        const res = await send(op, qs ? `${p}?${qs}` : p, body, form);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) throw new Error(`${key} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
    }
    // The fuzzing reached the handlers signed in: not everything was refused at the door.
    expect(covered).toEqual(expect.arrayContaining(['POST /api/item/create', 'GET /api/party/parties', 'PUT /api/item/update-item-stock']));
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    expect((await get(h.app, '/api/auth/profile', a.cookie)).statusCode).toBe(200);
  }, 180_000);

  it('answers 4xx naming the field for the values that overflowed the database', async () => {
    const tooBig = await sendMultipart(h.app, 'POST', '/api/item/create', a.cookie, { itemType: 'PRODUCT', itemName: 'Big', itemCode: 'BIG1', salePrice: 1e15 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ success: false, message: 'Sale Price can be at most 9,99,99,99,99,999.99', field: 'salePrice' });
    const alert = await sendMultipart(h.app, 'POST', '/api/item/create', a.cookie, {
      itemType: 'PRODUCT', itemName: 'Alert', itemCode: 'ALERT1', isAlertEnabled: 'true', productAlertValue: '3000000000',
    });
    expect(alert.statusCode).toBe(400);
    expect(alert.json()).toMatchObject({ field: 'productAlertValue', message: 'Low stock quantity must be a whole number, 0 or more' });
    const nul = await write(h.app, 'POST', '/api/party/create', { name: 'a\u0000b', partyType: 'CUSTOMER' }, { cookie: a.cookie });
    expect(nul.statusCode).toBe(400);
    const date = await write(h.app, 'PUT', '/api/item/update-item-stock', { itemId: known[1], type: 'ADD', quantity: 1, date: '2025-02-30', reason: 'x' }, { cookie: a.cookie });
    expect(date.statusCode).toBe(400);
    expect(date.json()).toMatchObject({ field: 'date' });
  });
});
