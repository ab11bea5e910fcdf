import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ConsoleOtpSender, HttpOtpSender, OutboxOtpSender, maskPhone } from './index';

const message = { phone: '9876543210', code: '042917', purpose: 'login' as const, at: new Date('2026-01-02T03:04:05.000Z'), ttlSeconds: 300 };

describe('OTP senders', () => {
  it('console prints the code on a line of its own, with the number masked', async () => {
    const lines: string[] = [];
    await new ConsoleOtpSender((l) => lines.push(l), false).send(message);
    expect(lines).toEqual(['', '  ▶ OTP 042917  for 98XXXXXX10 (login), valid 5 min', '']);
    expect(maskPhone('9876543210')).toBe('98XXXXXX10');
  });

  it('console highlights the code in a terminal', async () => {
    const lines: string[] = [];
    await new ConsoleOtpSender((l) => lines.push(l), true).send(message);
    expect(lines[1]).toContain('\u001b[7m 042917 ');
  });

  it('outbox appends one JSON line per code', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-outbox-'));
    const file = path.join(dir, 'nested', 'outbox.jsonl');
    const outbox = new OutboxOtpSender(file);
    await outbox.send(message);
    await outbox.send({ ...message, code: '111222', purpose: 'signup' });
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { phone: '9876543210', code: '042917', purpose: 'login', at: '2026-01-02T03:04:05.000Z' },
      { phone: '9876543210', code: '111222', purpose: 'signup', at: '2026-01-02T03:04:05.000Z' },
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('http', () => {
    let server: http.Server;
    let url: string;
    const received: { auth?: string; body: Record<string, string> }[] = [];
    let status = 200;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
          res.writeHead(status).end();
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    });
    afterAll(() => new Promise((r) => server.close(r)));

    it('posts the code to the gateway with its token', async () => {
      await new HttpOtpSender(url, 'secret').send(message);
      expect(received.at(-1)).toEqual({
        auth: 'Bearer secret',
        body: expect.objectContaining({ phone: '+919876543210', code: '042917', purpose: 'login', message: expect.stringContaining('042917') }),
      });
    });

    it('fails when the gateway refuses', async () => {
      status = 500;
      await expect(new HttpOtpSender(url).send(message)).rejects.toThrow('SMS gateway answered 500');
    });
  });
});
