// The analysis requests (src/analysis.ts): what the server's GET and POST /api/tables/{id}/analysis
// must take (the seat's token as a bearer token, the session cookie, a JSON body on the POST) and how
// a refusal comes back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askAnalysis, fetchAnalysis } from '../src/analysis';
import { ServerRefusal } from '../src/api';

describe('the requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));

  it("GET sends the seat's token as a bearer token, and the session cookie (same origin)", async () => {
    const fetch = answer({ status: 'queued', position: 2 });
    vi.stubGlobal('fetch', fetch);
    expect(await fetchAnalysis('t-1', 'tok')).toEqual({ status: 'queued', position: 2 });
    expect(fetch).toHaveBeenCalledWith('/api/tables/t-1/analysis', {
      credentials: 'same-origin',
      headers: { Authorization: 'Bearer tok' },
    });
    await fetchAnalysis('t-1', null);
    expect((fetch.mock.calls[1] as unknown[])[1]).toEqual({ credentials: 'same-origin', headers: {} });
  });

  it('POST carries a JSON body, as every state change must; a refusal comes back in its words', async () => {
    const fetch = answer({ status: 'queued', position: 1 }, 202);
    vi.stubGlobal('fetch', fetch);
    expect(await askAnalysis('t-1', 'tok')).toEqual({ status: 'queued', position: 1 });
    expect(fetch).toHaveBeenCalledWith('/api/tables/t-1/analysis', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
      body: '{}',
    });
    vi.stubGlobal(
      'fetch',
      answer({ error: { code: 'busy', message: 'The queue is full.' } }, 503, { 'Retry-After': '7' }),
    );
    const refusal = await askAnalysis('t-1').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ServerRefusal);
    expect(refusal).toMatchObject({ code: 'busy', message: 'The queue is full.', retryAfter: 7 });
  });
});
