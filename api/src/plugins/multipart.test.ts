import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { multipartBody, type FilePart } from '../test/multipart';
import { registerErrorHandler } from './errors';
import { MULTIPART_LIMITS, MULTIPART_MESSAGES, registerMultipart } from './multipart';

const KB = 1024;
const BODY_LIMIT = 256 * KB;

/**
 * A route that asks for far more than the caps allow and reads every part: what it gets is what any route gets.
 */
async function greedyApp(): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: BODY_LIMIT });
  registerErrorHandler(app);
  await registerMultipart(app);
  app.post('/greedy', { config: { multipart: true } }, async (request) => {
    let fields = 0;
    let files = 0;
    let text = 0;
    const limits = { files: 100_000, fields: 100_000, fieldSize: 100 * 1024 * 1024, fileSize: 100 * 1024 * 1024 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        files++;
        await part.toBuffer();
      } else {
        fields++;
        text += String(part.value).length;
      }
    }
    return { fields, files, text };
  });
  await app.ready();
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await greedyApp();
});
afterAll(() => app.close());

const fieldsOf = (count: number, size: number): Array<[string, string]> => Array.from({ length: count }, (_, i) => [`f${i}`, 'x'.repeat(size)]);
const file = (i: number): FilePart => ({ field: 'file', filename: `f${i}.bin`, contentType: 'application/octet-stream', bytes: Buffer.alloc(10, i) });
const send = async (fields: Array<[string, string]>, files: FilePart[] = []) => {
  const { payload, contentType } = await multipartBody(fields, files);
  return app.inject({ method: 'POST', url: '/greedy', headers: { 'content-type': contentType }, payload });
};

describe('multipart limits, whatever a route asks for', () => {
  it('reads fields and files within the caps', async () => {
    const res = await send(fieldsOf(3, 100), [file(1), file(2)]);
    expect(res.json()).toEqual({ fields: 3, files: 2, text: 300 });
  });

  it("caps the text of one request, all fields together, at the JSON body limit", async () => {
    const within = await send(fieldsOf(4, 60 * KB));
    expect(within.statusCode).toBe(200);
    const over = await send(fieldsOf(5, 60 * KB));
    expect({ status: over.statusCode, body: over.json() }).toEqual({
      status: 413,
      body: { success: false, message: MULTIPART_MESSAGES.textTooLarge(BODY_LIMIT) },
    });
  });

  it('refuses one field over its size instead of cutting it short', async () => {
    const res = await send([['note', 'y'.repeat(MULTIPART_LIMITS.fieldSize + 1)]]);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 413,
      body: { success: false, message: MULTIPART_MESSAGES.fieldTooLarge('note', MULTIPART_LIMITS.fieldSize) },
    });
  });

  it('caps the number of fields and of files', async () => {
    const fields = await send(fieldsOf(MULTIPART_LIMITS.fields + 1, 1));
    expect({ status: fields.statusCode, body: fields.json() }).toEqual({
      status: 413,
      body: { success: false, message: MULTIPART_MESSAGES.tooManyFields(MULTIPART_LIMITS.fields) },
    });
    const files = await send([], Array.from({ length: MULTIPART_LIMITS.files + 1 }, (_, i) => file(i)));
    expect({ status: files.statusCode, body: files.json() }).toEqual({
      status: 413,
      body: { success: false, message: MULTIPART_MESSAGES.tooManyFiles(MULTIPART_LIMITS.files) },
    });
  });

  it('answers once the cap is passed, without reading the rest of a huge body', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const boundary = 'bahi-huge-form';
    const field = (i: number) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${'z'.repeat(60 * KB)}\r\n`);
    const total = MULTIPART_LIMITS.fields * field(0).length;
    const request = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/greedy',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': total },
    });
    request.on('error', () => undefined);
    let answer: { status: number; body: string } | undefined;
    let connection: string | undefined;
    const answered = new Promise<void>((resolve) =>
      request.on('response', (res) => {
        connection = res.headers.connection;
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          answer = { status: res.statusCode!, body };
          resolve();
        });
      }),
    );
    let sent = 0;
    for (let i = 0; i < MULTIPART_LIMITS.fields && !answer; i++) {
      const chunk = field(i);
      sent += chunk.length;
      // Wait for the socket to take more, or for the answer, whichever comes first.
      if (!request.write(chunk)) await Promise.race([new Promise((resolve) => request.once('drain', resolve)), answered]);
    }
    await answered;
    request.destroy();
    expect(answer!.status).toBe(413);
    expect(JSON.parse(answer!.body).message).toBe(MULTIPART_MESSAGES.textTooLarge(BODY_LIMIT));
    expect(connection).toBe('close');
    // 70 MB offered; the server stopped after the first quarter megabyte (plus what the sockets buffer).
    expect(total).toBeGreaterThan(70 * 1024 * KB);
    expect(sent).toBeLessThan(16 * 1024 * KB);
  });
});
