import { z } from 'zod';
import { apiRequest, BULK_ERROR_MESSAGE, onUnauthorized } from './client';
import { ApiError } from './error';

function respond(status: number, body: BodyInit | null, contentType = 'application/json') {
  return jest.fn().mockImplementation(async () => new Response(body, { status, headers: { 'content-type': contentType } }));
}

describe('apiRequest', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends credentials, and the CSRF header on writes only', async () => {
    const fetchMock = respond(200, JSON.stringify({ success: true }));
    global.fetch = fetchMock;
    await apiRequest('party/parties', { query: { q: 'ram', page: 2, empty: '' } });
    await apiRequest('party/create', { method: 'POST', body: { name: 'A' } });
    const [getUrl, getInit] = fetchMock.mock.calls[0];
    expect(getUrl).toBe('/api/party/parties?q=ram&page=2');
    expect(getInit.credentials).toBe('include');
    expect(getInit.headers['X-Requested-With']).toBeUndefined();
    const [, postInit] = fetchMock.mock.calls[1];
    expect(postInit.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(postInit.headers['Content-Type']).toBe('application/json');
    expect(postInit.body).toBe('{"name":"A"}');
  });

  it('rejects with the server message, status and field', async () => {
    global.fetch = respond(400, JSON.stringify({ success: false, message: 'Enter a valid email address', field: 'email' }));
    const err = await apiRequest('x', { method: 'POST', body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Enter a valid email address', field: 'email' });
  });

  it('treats a 400 spreadsheet as a downloadable error report (seed §8)', async () => {
    global.fetch = respond(400, 'PK..', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const err = await apiRequest('party/bulk-create', { method: 'POST', body: new FormData() }).catch((e: ApiError) => e);
    expect(err).toMatchObject({ status: 400, message: BULK_ERROR_MESSAGE });
    expect((err as ApiError).file).toBeDefined();
  });

  it('reports a network failure as status 500 carrying the failure', async () => {
    const failure = new TypeError('Failed to fetch');
    global.fetch = jest.fn().mockRejectedValue(failure);
    const err = await apiRequest('auth/profile').catch((e: ApiError) => e);
    expect(err).toMatchObject({ status: 500 });
    expect((err as ApiError).cause).toBe(failure);
  });

  it('validates the answer against its schema', async () => {
    global.fetch = respond(200, JSON.stringify({ data: 'not a number' }));
    await expect(apiRequest('x', { schema: z.object({ data: z.number() }) })).rejects.toThrow('does not understand');
  });

  it('tells the unauthorized listeners of a 401 before the call rejects, and only of a 401', async () => {
    const heard: Array<[number, string]> = [];
    const stop = onUnauthorized((error, path) => heard.push([error.status, path]));
    global.fetch = respond(401, JSON.stringify({ success: false, message: 'Please log in' }));
    const err = await apiRequest('item/items').catch((e: ApiError) => e);
    expect(err).toMatchObject({ status: 401, message: 'Please log in' });
    expect(heard).toEqual([[401, 'item/items']]);

    global.fetch = respond(403, JSON.stringify({ success: false, message: 'Not yours' }));
    await apiRequest('item/items').catch(() => undefined);
    expect(heard).toHaveLength(1);

    stop();
    global.fetch = respond(401, '');
    await apiRequest('item/items').catch(() => undefined);
    expect(heard).toHaveLength(1);
  });
});
