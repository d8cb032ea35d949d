import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fetchApi, onSessionEnded, retryUnlessRefused, unreachableMessage } from './api-client';

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

const asNumber = (body: unknown) => {
  if (typeof body !== 'number') throw new Error('not a number');
  return body;
};

describe('fetchApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the checked body and sends JSON with the query', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, 42));
    vi.stubGlobal('fetch', fetch);
    await expect(
      fetchApi('/api/x', { json: { a: 1 }, query: { q: 'vpn', skip: undefined } }, asNumber),
    ).resolves.toBe(42);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/x?q=vpn');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.credentials).toBe('same-origin');
  });

  it('throws an ApiError with the status and the answer’s code on a refusal', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(400, { message: 'CONTROLLER_ID_REQUIRED' })));
    const error = await fetchApi('/api/x', {}, asNumber).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'CONTROLLER_ID_REQUIRED' });
  });

  it('reads no answer as status 0 and an answer off its contract as 502', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchApi('/api/x', {}, asNumber)).rejects.toMatchObject({ status: 0 });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, 'forty-two')));
    await expect(fetchApi('/api/x', {}, asNumber)).rejects.toMatchObject({ status: 502 });
  });

  it('passes an abort on as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(abort));
    await expect(fetchApi('/api/x', { signal: controller.signal }, asNumber)).rejects.toBe(abort);
  });

  it('tells the session a 401 {event: logout} happened, and no other 401', async () => {
    const ended = vi.fn();
    const off = onSessionEnded(ended);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(401, { message: 'Unauthorized' })));
    await fetchApi('/api/x', {}, asNumber).catch(() => undefined);
    expect(ended).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(401, { event: 'logout' })));
    await fetchApi('/api/x', {}, asNumber).catch(() => undefined);
    expect(ended).toHaveBeenCalledTimes(1);
    off();
  });
});

describe('retryUnlessRefused', () => {
  it('does not retry a refusal (4xx) but retries a failure twice', () => {
    expect(retryUnlessRefused(0, new ApiError(404, undefined))).toBe(false);
    expect(retryUnlessRefused(0, new ApiError(503, undefined))).toBe(true);
    expect(retryUnlessRefused(2, new ApiError(503, undefined))).toBe(false);
  });
});

describe('unreachableMessage', () => {
  it('says the portal could not be reached, then what to do', () => {
    expect(unreachableMessage()).toBe(
      'The portal could not be reached. Check your connection and try again.',
    );
    expect(unreachableMessage('Nothing was saved; try again.')).toBe(
      'The portal could not be reached. Nothing was saved; try again.',
    );
    expect(new ApiError(0, undefined).message).toBe('The portal could not be reached.');
  });
});
