import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';

/** Reads from a raw socket until it has one whole HTTP response with a Content-Length body. */
function readResponse(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end >= 0 && length !== undefined && Buffer.byteLength(text.slice(end + 4)) >= Number(length)) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

describe('requests that arrive while the server shuts down', () => {
  let t: TestApp;
  let release: () => void = () => {};
  let entered: () => void = () => {};
  const isEntered = new Promise<void>((resolve) => {
    entered = resolve;
  });

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.app.get('/api/test/held', async () => {
      entered();
      await held;
      return { finished: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    release();
    await t?.close();
  });

  it('get 503 with Retry-After in our shape; the request in flight finishes', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    // Half a request first: a connection with a request begun is busy, so shutdown does not close it as idle.
    const late = connect(port, '127.0.0.1');
    await new Promise((resolve) => late.once('connect', resolve));
    late.write('GET /api/catalog/products HTTP/1.1\r\nHost: fresh\r\n');
    // Then a request that is in flight when shutdown begins; its bytes reach the server after the first's.
    const busy = connect(port, '127.0.0.1');
    await new Promise((resolve) => busy.once('connect', resolve));
    const held = readResponse(busy);
    busy.write('GET /api/test/held HTTP/1.1\r\nHost: fresh\r\n\r\n');
    await isEntered;

    const closing = t.app.close();
    const answer = readResponse(late);
    late.write('\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 503/);
    expect(text).toMatch(/\r\nretry-after: 10\r\n/i);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      message: 'Сервис временно недоступен, попробуйте через минуту',
    });

    release();
    const finished = await held;
    expect(finished).toMatch(/^HTTP\/1\.1 200/);
    expect(finished).toMatch(/\r\nconnection: close\r\n/i);
    await closing;
  });
});
