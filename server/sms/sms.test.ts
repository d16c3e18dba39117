import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createFakeClock } from '../lib/clock';
import { createConsoleSms } from './console-sms';
import { createSmsSender } from './create-sms-sender';
import { createFileSms } from './file-sms';
import { createSmsc, createSmsRu } from './http-sms';
import { loginCodeText, SmsDeliveryError } from './sms';

type Received = { path: string; form: URLSearchParams };
type Reply = { status: number; body: string } | 'hang';

/** A local stand-in for the gateways: records each request and answers what the test asks for. */
class FakeGateway {
  readonly received: Received[] = [];
  reply: Reply = { status: 200, body: '{}' };
  private server: Server | undefined;

  async start(): Promise<string> {
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        this.received.push({ path: request.url ?? '', form: new URLSearchParams(body) });
        if (this.reply === 'hang') return;
        response.writeHead(this.reply.status, { 'content-type': 'application/json' });
        response.end(this.reply.body);
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const message = { phone: '+79123456789', text: loginCodeText('0427'), code: '0427' };

describe('SMS providers over HTTP, against a fake gateway', () => {
  const gateway = new FakeGateway();
  let base = '';

  beforeAll(async () => {
    base = await gateway.start();
  });

  afterAll(async () => {
    await gateway.stop();
  });

  beforeEach(() => {
    gateway.received.length = 0;
  });

  describe('sms.ru', () => {
    const smsru = () => createSmsRu({ url: `${base}/sms/send`, apiId: 'API-ID-1', sender: 'Fresh' });

    it('posts the number, text and key once, and accepts an OK for the number', async () => {
      gateway.reply = {
        status: 200,
        body: JSON.stringify({
          status: 'OK',
          status_code: 100,
          sms: { '79123456789': { status: 'OK', status_code: 100, sms_id: '000-1' } },
          balance: 10,
        }),
      };
      await smsru().send(message);
      expect(gateway.received).toHaveLength(1);
      const [{ path: url, form }] = gateway.received as [Received];
      expect(url).toBe('/sms/send');
      expect(Object.fromEntries(form)).toEqual({
        api_id: 'API-ID-1',
        to: '79123456789',
        msg: 'Код для входа во Фреш: 0427. Никому не сообщайте его.',
        json: '1',
        from: 'Fresh',
      });
    });

    it('fails on a refused number without retrying', async () => {
      gateway.reply = {
        status: 200,
        body: JSON.stringify({
          status: 'OK',
          sms: { '79123456789': { status: 'ERROR', status_code: 207, status_text: 'Нельзя отправлять' } },
        }),
      };
      await expect(smsru().send(message)).rejects.toThrow(SmsDeliveryError);
      expect(gateway.received).toHaveLength(1);
    });

    it('fails on a refused request, an HTTP error and a non-JSON answer', async () => {
      gateway.reply = { status: 200, body: JSON.stringify({ status: 'ERROR', status_code: 200 }) };
      await expect(smsru().send(message)).rejects.toThrow(/refused the request: 200/);
      gateway.reply = { status: 502, body: 'Bad gateway' };
      await expect(smsru().send(message)).rejects.toThrow(/HTTP 502/);
      gateway.reply = { status: 200, body: '<html>' };
      await expect(smsru().send(message)).rejects.toThrow(/not JSON/);
      expect(gateway.received).toHaveLength(3);
    });
  });

  describe('smsc.ru', () => {
    const smsc = () => createSmsc({ url: `${base}/sys/send.php`, login: 'fresh', password: 'secret' });

    it('posts login, password, number and text with JSON answers, and accepts an id', async () => {
      gateway.reply = { status: 200, body: JSON.stringify({ id: 41, cnt: 1 }) };
      await smsc().send(message);
      const [{ path: url, form }] = gateway.received as [Received];
      expect(url).toBe('/sys/send.php');
      expect(Object.fromEntries(form)).toEqual({
        login: 'fresh',
        psw: 'secret',
        phones: '79123456789',
        mes: 'Код для входа во Фреш: 0427. Никому не сообщайте его.',
        fmt: '3',
        charset: 'utf-8',
      });
    });

    it('fails on an error answer', async () => {
      gateway.reply = { status: 200, body: JSON.stringify({ error: 'authorise error', error_code: 2 }) };
      await expect(smsc().send(message)).rejects.toThrow(/smsc.ru refused the message: 2 authorise error/);
      expect(gateway.received).toHaveLength(1);
    });
  });

  it('gives up on a gateway that never answers, once', async () => {
    gateway.reply = 'hang';
    const sender = createSmsc({ url: `${base}/sys/send.php`, login: 'a', password: 'b', timeoutMs: 200 });
    await expect(sender.send(message)).rejects.toThrow(/no answer/);
    expect(gateway.received).toHaveLength(1);
  });

  it('fails cleanly when nothing listens', async () => {
    const sender = createSmsRu({ url: 'http://127.0.0.1:1/sms/send', apiId: 'x' });
    await expect(sender.send(message)).rejects.toThrow(SmsDeliveryError);
  });
});

describe('the file provider', () => {
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fresh-sms-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('appends one JSON line {phone, text, code, at} per message, creating the directory', async () => {
    const outbox = path.join(dir, 'nested', 'outbox.jsonl');
    const clock = createFakeClock(Date.UTC(2026, 2, 1, 12, 0, 0));
    const sms = createFileSms(outbox, clock);
    await Promise.all([sms.send(message), sms.send({ ...message, phone: '+79990001122', code: '9999' })]);
    const lines = (await readFile(outbox, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed).toContainEqual({
      phone: '+79123456789',
      text: message.text,
      code: '0427',
      at: '2026-03-01T12:00:00.000Z',
    });
    expect(Object.keys(parsed[0]).sort()).toEqual(['at', 'code', 'phone', 'text']);
  });

  it('reports a failure to write', async () => {
    // A directory that cannot exist: its parent is a file.
    const blocker = path.join(dir, 'blocker');
    await writeFile(blocker, '');
    const sms = createFileSms(path.join(blocker, 'outbox.jsonl'), createFakeClock());
    await expect(sms.send(message)).rejects.toThrow(SmsDeliveryError);
  });
});

describe('the console provider', () => {
  it('prints the message to the terminal, not to the log', async () => {
    const printed: string[] = [];
    await createConsoleSms((line) => printed.push(line)).send(message);
    expect(printed).toEqual(['[SMS → +79123456789] Код для входа во Фреш: 0427. Никому не сообщайте его.\n']);
  });
});

describe('choosing the provider from the configuration', () => {
  const clock = createFakeClock();

  it('defaults to the console and builds each provider', () => {
    expect(createSmsSender(loadConfig({}), clock).provider).toBe('console');
    expect(createSmsSender(loadConfig({ SMS_PROVIDER: 'file' }), clock).provider).toBe('file');
    expect(createSmsSender(loadConfig({ SMS_PROVIDER: 'smsru', SMSRU_API_ID: 'k' }), clock).provider).toBe(
      'smsru',
    );
    expect(
      createSmsSender(loadConfig({ SMS_PROVIDER: 'smsc', SMSC_LOGIN: 'l', SMSC_PASSWORD: 'p' }), clock)
        .provider,
    ).toBe('smsc');
  });

  it('names the missing credentials of a gateway', () => {
    expect(() => createSmsSender(loadConfig({ SMS_PROVIDER: 'smsru' }), clock)).toThrow(/SMSRU_API_ID/);
    expect(() => createSmsSender(loadConfig({ SMS_PROVIDER: 'smsc', SMSC_LOGIN: 'l' }), clock)).toThrow(
      /SMSC_PASSWORD/,
    );
  });

  it('refuses an unknown provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
  });
});
