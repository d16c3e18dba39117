import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type LoggedLines, recordingLog } from '../tests/setup/actions';
import { handleError } from './entry.server';

function contextLogging(lines: LoggedLines): AppLoadContext {
  // Only the logger is read by handleError.
  return { log: recordingLog(lines) } as unknown as AppLoadContext;
}

const args = (request: Request, lines: LoggedLines) => ({
  request,
  context: contextLogging(lines),
  params: {},
});

describe('handleError (server-side errors of loaders, actions and rendering)', () => {
  it('logs a failure through the request’s logger, with the path and the error', () => {
    const lines: LoggedLines = [];
    const failure = new Error('database on fire');
    handleError(failure, args(new Request('http://fresh.test/catalog?page=2'), lines));
    expect(lines).toEqual([
      {
        level: 'error',
        message: 'page request failed',
        details: { method: 'GET', url: '/catalog', err: failure },
      },
    ]);
  });

  it('logs React Router’s refusal of a client’s request as a warning, with its cause', () => {
    const lines: LoggedLines = [];
    const cause = new Error('You made a POST request to "/shops" but did not provide an `action`');
    const refusal = { status: 405, statusText: 'Method Not Allowed', internal: true, data: '', error: cause };
    handleError(refusal, args(new Request('http://fresh.test/shops', { method: 'POST' }), lines));
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'page request refused',
        details: { method: 'POST', url: '/shops', err: cause, status: 405 },
      },
    ]);
  });

  it('says nothing about a request the client gave up on', () => {
    const lines: LoggedLines = [];
    const controller = new AbortController();
    controller.abort();
    handleError(
      new Error('aborted'),
      args(new Request('http://fresh.test/', { signal: controller.signal }), lines),
    );
    expect(lines).toEqual([]);
  });
});
