import { UserResponseSchema } from '@core/contracts/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api-client';

type Call = { url: string; init: RequestInit };

function stubFetch(respond: () => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond();
  });
  return calls;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it('sends JSON with the same-origin header and checks the answer against the contract', async () => {
    const user = { _id: 'u1', name: 'Анна', phone: '+79123456789', email: null, img: null, house: null };
    const calls = stubFetch(() => json(200, { success: true, user }));
    const answer = await api.put('/api/user/me/update', { name: 'Анна' }, UserResponseSchema);
    expect(answer.user.name).toBe('Анна');
    const [call] = calls;
    expect(call?.url).toBe('/api/user/me/update');
    expect(call?.init.method).toBe('PUT');
    expect(call?.init.body).toBe('{"name":"Анна"}');
    expect(call?.init.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
  });

  it('sends FormData as it is, letting the browser set the boundary', async () => {
    const calls = stubFetch(() => json(200, { success: true }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api.post('/api/file/upload', form);
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.headers).not.toHaveProperty('Content-Type');
  });

  it('turns {success:false} into an ApiError with the server message, fields and Retry-After', async () => {
    stubFetch(() =>
      json(
        429,
        { success: false, message: 'Повторите через 14 с', errors: { phone: 'Ошибка' } },
        { 'Retry-After': '14' },
      ),
    );
    const error = await api.post('/api/user/code', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Повторите через 14 с',
      status: 429,
      fields: { phone: 'Ошибка' },
      retryAfterS: 14,
    });
  });

  it('says something readable when the server is unreachable or answers nonsense', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/user/me')).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      status: 0,
    });
    stubFetch(() => new Response('<html>502</html>', { status: 502 }));
    await expect(api.get('/api/user/me')).rejects.toMatchObject({
      message: UNEXPECTED_ERROR_MESSAGE,
      status: 502,
    });
    stubFetch(() => json(200, { success: true, user: { name: 1 } }));
    await expect(api.get('/api/user/me', UserResponseSchema)).rejects.toMatchObject({
      message: UNEXPECTED_ERROR_MESSAGE,
    });
  });
});
