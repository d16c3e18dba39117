/**
 * The support team's mail (issue 24, ADR 045) against a local SMTP server (smtp-server): a feedback question
 * and a job application reach SUPPORT_EMAIL after they are stored; with the SMTP server gone the form is
 * still answered {success: true} and the request stays in the inbox.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { runsOnce } from '../../tests/setup/database';
import { testClientAddress } from '../../tests/setup/identity';
import { until } from '../../tests/setup/until';
import { loadConfig } from '../config';
import { createSupportMailer } from './support-mailer';

type Mail = { from: string; to: string[]; raw: string };

describe.runIf(runsOnce())('the support mailbox', () => {
  let smtp: SMTPServer;
  let port = 0;
  let t: TestApp;
  const mails: Mail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp('pglite', {
      env: {
        SUPPORT_EMAIL: 'help@fresh.test',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'site@fresh.test',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('is configured with both settings or neither', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help@fresh.test' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help@fresh.test', SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
    expect(createSupportMailer({})).toBeUndefined();
  });

  it('mails a question to SUPPORT_EMAIL after storing it', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      remoteAddress: testClientAddress(),
      payload: {
        name: 'Анна',
        phone: '89001234567',
        message: 'Почта дошла?',
        checked: true,
        link: '/kontakty',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await until(() => mails.length === 1, 'the mail');
    const [mail] = mails;
    expect(mail?.from).toBe('site@fresh.test');
    expect(mail?.to).toEqual(['help@fresh.test']);
    // The subject is encoded (Cyrillic); the body says who, how to reach them, the page and the message.
    expect(mail?.raw).toMatch(/Subject: /);
    const text = bodyOf(mail?.raw ?? '');
    expect(text).toContain('Почта дошла?');
    expect(text).toContain('/kontakty');
  });

  it('answers the form when the mail cannot be sent, and keeps the question', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      remoteAddress: testClientAddress(),
      payload: { name: 'Анна', phone: '89001234568', message: 'Почта не дошла', checked: true, link: '/' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true });
  });
});

/** A mail's body as text: nodemailer writes Cyrillic text as base64 or quoted-printable. */
function bodyOf(raw: string): string {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  return decodeQuotedPrintable(body.replace(/=\r\n/g, ''));
}

/** Quoted-printable (nodemailer's choice for Cyrillic text) back to text. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    const hex = text.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
