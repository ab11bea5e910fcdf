import { createHarness, get, JSON_WRITE, signUp, SETUP_TIMEOUT_MS, write, type Harness, type SignedUp } from '../test/harness';
import { documentFixtures } from '../test/documents';
import { sendMultipart } from '../test/multipart';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface Operation {
  method: string;
  path: string;
  query: { name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
}

let h: Harness;
let a: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let operations: Operation[];
beforeAll(async () => {
  h = await createHarness({ OPERATOR_TOKEN: TOKEN });
  a = await signUp(h);
  f = documentFixtures(h);
  const doc = (await get(h.app, '/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const NUL = 'a\u0000b';
const TOKEN = 'operator-token-for-the-null-byte-test';
const isText = (s: JsonSchema | undefined): boolean =>
  !!s && (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string')) || !!s.anyOf?.some(isText));
const idOf = '00000000-0000-4000-8000-000000000000';

describe('a null byte in a request', () => {
  it('is refused with 400 naming the field, in every text field of every JSON body and query (PostgreSQL cannot store it)', async () => {
    // Every route of /api/openapi.json: a route added later is covered too.
    const wrong: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const url = op.path.replace(/\{[^}]+\}/g, idOf);
      for (const [name] of Object.entries(op.body?.properties ?? {}).filter(([, s]) => isText(s))) {
        const headers = { authorization: `Bearer ${TOKEN}` };
        const res = await write(h.app, op.method as 'POST', url, { [name]: NUL }, { cookie: a.cookie, headers });
        checked += 1;
        if (res.statusCode !== 400 || res.json().field !== name) wrong.push(`${op.method} ${op.path} body.${name}: ${res.statusCode} ${res.body}`);
      }
      for (const { name } of op.query.filter((p) => isText(p.schema))) {
        const headers = { cookie: a.cookie, authorization: `Bearer ${TOKEN}` };
        const res = await h.app.inject({ method: op.method as 'GET', url, query: { [name]: NUL }, headers });
        checked += 1;
        if (res.statusCode !== 400 || res.json().field !== name) wrong.push(`${op.method} ${op.path} query.${name}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('names the field in words, also deep in a line, and saves nothing', async () => {
    const pen = await f.item(a, { price: '10', stock: 5 });
    const notes = await f.sale(a, { lines: [{ itemId: pen.id, quantity: 1 }], notes: `Thanks${'\u0000'}` });
    expect(notes.statusCode).toBe(400);
    expect(notes.json()).toEqual({ success: false, message: 'Notes contains a character that cannot be stored (a null byte).', field: 'notes' });
    const line = await f.sale(a, { lines: [{ itemId: pen.id, quantity: 1, description: NUL }] });
    expect(line.statusCode).toBe(400);
    expect(line.json().field).toBe('lines.0.description');
    const search = await get(h.app, '/api/item/items?q=pen%00', a.cookie);
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ success: false, message: 'Search contains a character that cannot be stored (a null byte).', field: 'q' });
    expect((await f.invoices(a)).json().data).toHaveLength(0);
    expect(await f.stockOf(a, pen.id)).toBe(5);
  });

  it('is found however deep the JSON nests, without a 500', async () => {
    const depth = 200_000;
    const nested = (inner: string) => `{"notes":${'['.repeat(depth)}${inner}${']'.repeat(depth)}}`;
    const send = (payload: string) =>
      h.app.inject({ method: 'POST', url: '/api/sale/create-sale', headers: { ...JSON_WRITE, cookie: a.cookie }, payload });
    const clean = await send(nested(''));
    expect(clean.statusCode).toBe(400);
    const dirty = await send(nested('"a\\u0000"'));
    expect([dirty.statusCode, dirty.json().message]).toEqual([400, 'Notes contains a character that cannot be stored (a null byte).']);
  });

  it('is refused in a multipart item form too', async () => {
    const res = await sendMultipart(h.app, 'POST', '/api/item/create', a.cookie, {
      itemType: 'PRODUCT',
      itemName: 'Pen\u0000',
      itemCode: 'NUL1',
      salePrice: '10',
      unit: 'NOS',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('itemName');
  });
});
