/**
 * An attacker's large page posts (issue 21, item 2): a raw socket that declares (or chunks) a body of many
 * megabytes to a page action and keeps sending until the server answers and stops reading — as a client that
 * writes its whole body before it reads does. What the server costs for it is measured from outside (its
 * memory in /proc, a customer's latency in another process).
 */
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';

export type LargeBody = {
  name: string;
  path: string;
  bytes: number;
  chunked: boolean;
};

export type LargeBodyAnswer = { status: number; sentBytes: number; error?: string };

const CHUNK = Buffer.alloc(64 * 1024, 'a');
/** No refusal takes this long; an answer still missing then is a failure. */
const ANSWER_TIMEOUT_MS = 30_000;

export function postLargeBody(
  port: number,
  localAddress: string,
  origin: string,
  body: LargeBody,
): Promise<LargeBodyAnswer> {
  return new Promise((resolve) => {
    const head =
      `POST ${body.path} HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nOrigin: ${origin}\r\n` +
      'Content-Type: application/x-www-form-urlencoded\r\n' +
      (body.chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${body.bytes}\r\n`) +
      '\r\n';
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let sent = 0;
    let status = 0;
    let received = '';
    let isClosed = false;
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, sentBytes: sent, ...(error && status === 0 ? { error } : {}) });
    };
    const timer = setTimeout(() => finish(`no answer in ${ANSWER_TIMEOUT_MS} ms`), ANSWER_TIMEOUT_MS);
    const pump = () => {
      while (!isClosed && sent < body.bytes) {
        const size = Math.min(CHUNK.length, body.bytes - sent);
        const piece = CHUNK.subarray(0, size);
        const frame = body.chunked
          ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
        sent += size;
        if (!socket.write(frame)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!isClosed && body.chunked) socket.write('0\r\n\r\n');
      // All sent: the answer decides (it may have come already).
      if (status !== 0) finish();
    };
    socket.once('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (chunk: Buffer) => {
      if (status !== 0) return;
      received += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match) {
        status = Number(match[1]);
        // Answered: a client that reads its answer stops sending the rest.
        finish();
      }
    });
    socket.on('error', (error) => {
      isClosed = true;
      finish(error.message);
    });
    socket.on('close', () => {
      isClosed = true;
      finish('closed');
    });
  });
}

/** The resident memory of a process, in MB (Linux: /proc/<pid>/status). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
