import { DEFAULT_READ_CACHE_LIMITS, ReadCache, parseChange } from './read-cache';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const json = (body: string) => ({ body, contentType: 'application/json; charset=utf-8' });
const session = (business: string, name: string) => ({ business, lastSeenAt: 0, expiresAt: 1, value: { name } });

function liveCache(limits = DEFAULT_READ_CACHE_LIMITS, now = () => 0) {
  const cache = new ReadCache<{ name: string }>(limits, now);
  cache.listening();
  return cache;
}

/** Reads an answer the way a request does: ticket first, then (after the "database") the answer is kept. */
function read(cache: ReadCache<{ name: string }>, key: string, business: string, body: string, meanwhile = () => {}) {
  const ticket = cache.responseTicket(business);
  meanwhile();
  if (ticket) cache.putResponse(key, business, ticket, json(body));
}

describe('the read cache', () => {
  it('understands the change feed’s payloads and nothing else', () => {
    expect(parseChange(`data:${A}`)).toEqual({ kind: 'data', business: A });
    expect(parseChange(`session:${A}`)).toEqual({ kind: 'session', business: A });
    expect(parseChange('data:*')).toEqual({ kind: 'data', business: '*' });
    for (const odd of ['', 'data', 'data:', 'rows:x', `${A}`]) expect(parseChange(odd)).toBeNull();
  });

  it('keeps and serves nothing before the change feed is heard, nor after it is lost', () => {
    const cache = new ReadCache<{ name: string }>();
    expect(cache.responseTicket(A)).toBeNull();
    expect(cache.sessionTicket()).toBeNull();
    cache.listening();
    read(cache, 'k', A, '[1]');
    expect(cache.getResponse('k', A)?.body).toBe('[1]');
    cache.lost();
    expect(cache.getResponse('k', A)).toBeUndefined();
    cache.listening();
    // What was kept before the loss is gone: a change may have been missed meanwhile.
    expect(cache.getResponse('k', A)).toBeUndefined();
  });

  it('drops a business’s answers when its rows change, and only that business’s', () => {
    const cache = liveCache();
    read(cache, 'a', A, '[1]');
    read(cache, 'b', B, '[2]');
    cache.changed({ kind: 'data', business: A });
    expect(cache.getResponse('a', A)).toBeUndefined();
    expect(cache.getResponse('b', B)?.body).toBe('[2]');
    cache.wrote(B);
    expect(cache.getResponse('b', B)).toBeUndefined();
  });

  it('never keeps a read that was in flight when its business changed (its snapshot may predate the change)', () => {
    const cache = liveCache();
    read(cache, 'a', A, 'old', () => cache.changed({ kind: 'data', business: A }));
    expect(cache.getResponse('a', A)).toBeUndefined();
    // Another business changing meanwhile does not matter.
    read(cache, 'a', A, 'fresh', () => cache.changed({ kind: 'data', business: B }));
    expect(cache.getResponse('a', A)?.body).toBe('fresh');
    read(cache, 'a', A, 'shared', () => cache.changed({ kind: 'data', business: '*' }));
    expect(cache.getResponse('a', A)).toBeUndefined();
  });

  it('answers a key only for the business it was read for', () => {
    const cache = liveCache();
    read(cache, 'same-url', A, 'alpha');
    expect(cache.getResponse('same-url', B)).toBeUndefined();
  });

  it('a session change drops sessions but keeps answers; a data change drops both', () => {
    const cache = liveCache();
    cache.putSession('s1', session(A, 'Asha'), cache.sessionTicket());
    read(cache, 'a', A, '[1]');
    cache.changed({ kind: 'session', business: A });
    expect(cache.getSession('s1')).toBeUndefined();
    expect(cache.getResponse('a', A)?.body).toBe('[1]');
    cache.putSession('s1', session(A, 'Asha'), cache.sessionTicket());
    cache.changed({ kind: 'data', business: A });
    expect(cache.getSession('s1')).toBeUndefined();
  });

  it('never keeps a session read while any session changed, and forgets one that is ended here at once', () => {
    const cache = liveCache();
    const ticket = cache.sessionTicket();
    cache.changed({ kind: 'session', business: B });
    cache.putSession('s1', session(A, 'Asha'), ticket);
    expect(cache.getSession('s1')).toBeUndefined();
    cache.putSession('s1', session(A, 'Asha'), cache.sessionTicket());
    expect(cache.getSession('s1')?.value.name).toBe('Asha');
    const before = cache.sessionTicket();
    cache.dropSession('s1');
    expect(cache.getSession('s1')).toBeUndefined();
    // A lookup that started before the logout cannot put the session back.
    cache.putSession('s1', session(A, 'Asha'), before);
    expect(cache.getSession('s1')).toBeUndefined();
  });

  it('serves nothing older than its age limit', () => {
    let now = 0;
    const cache = liveCache({ ...DEFAULT_READ_CACHE_LIMITS, maxAgeMs: 1_000 }, () => now);
    read(cache, 'a', A, '[1]');
    cache.putSession('s1', session(A, 'Asha'), cache.sessionTicket());
    now = 1_000;
    expect(cache.getResponse('a', A)?.body).toBe('[1]');
    now = 1_001;
    expect(cache.getResponse('a', A)).toBeUndefined();
    expect(cache.getSession('s1')).toBeUndefined();
  });

  it('stays within its memory bounds, dropping the least recently used answer first', () => {
    const cache = liveCache({ ...DEFAULT_READ_CACHE_LIMITS, maxResponseChars: 10, maxEntryChars: 6, maxSessions: 2 });
    read(cache, 'big', A, '1234567');
    expect(cache.getResponse('big', A)).toBeUndefined();
    read(cache, 'one', A, '11111');
    read(cache, 'two', A, '22222');
    expect(cache.getResponse('one', A)?.body).toBe('11111');
    read(cache, 'three', A, '33333');
    expect(cache.getResponse('two', A)).toBeUndefined();
    expect(cache.getResponse('one', A)?.body).toBe('11111');
    expect(cache.stats.responseChars).toBe(10);
    for (const id of ['s1', 's2', 's3']) cache.putSession(id, session(A, id), cache.sessionTicket());
    expect(cache.stats.sessions).toBe(2);
    expect(cache.getSession('s1')).toBeUndefined();
  });

  it('starts afresh rather than track more businesses than its bound', () => {
    const cache = liveCache({ ...DEFAULT_READ_CACHE_LIMITS, maxBusinesses: 2 });
    read(cache, 'a', A, '[1]');
    cache.changed({ kind: 'data', business: B });
    cache.changed({ kind: 'data', business: 'c' });
    cache.changed({ kind: 'data', business: 'd' });
    expect(cache.getResponse('a', A)).toBeUndefined();
    read(cache, 'a', A, '[2]');
    expect(cache.getResponse('a', A)?.body).toBe('[2]');
  });
});
