import path from 'node:path';
import { REPO_ROOT, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      otp: { sender: 'console', ttlSeconds: 300, maxAttempts: 5, resendIntervalSeconds: 30, maxSendsPerHour: 5 },
      session: { idleMinutes: 720, absoluteDays: 30 },
      serveApps: false,
      remotesDev: false,
      trustProxy: false,
      allowedOrigins: [],
    });
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '9000',
      DATA_DIR: '/srv/bahi',
      OTP_SENDER: 'outbox',
      OTP_OUTBOX: '/tmp/outbox.jsonl',
      OTP_TTL_SECONDS: '60',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
      REMOTES_DEV: '1',
      SERVE_APPS: 'true',
    });
    expect(c.port).toBe(9000);
    expect(c.dataDir).toBe('/srv/bahi');
    expect(c.otp).toMatchObject({ sender: 'outbox', outboxFile: '/tmp/outbox.jsonl', ttlSeconds: 60 });
    expect(c.allowedOrigins).toEqual(expect.arrayContaining(['https://a.example', 'https://b.example', 'http://localhost:3000', 'http://localhost:3006']));
    expect(c.serveApps).toBe(true);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses "trust everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const everyone of ['true', 'TRUE', 'yes', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: everyone })).toThrow('would believe X-Forwarded-For from anyone');
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,proxy.example' })).toThrow('not understood: proxy.example');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('not understood: 10.0.0.0/33');
  });

  it('reads COOKIE_SECURE, SERVE_SOURCE_MAPS and REMOTE_OVERRIDE_HOURS', () => {
    expect(loadConfig({})).toMatchObject({ cookieSecure: 'auto', serveSourceMaps: false, remoteOverrideHours: 4 });
    expect(loadConfig({ COOKIE_SECURE: '1', SERVE_SOURCE_MAPS: '1', REMOTE_OVERRIDE_HOURS: '8' })).toMatchObject({
      cookieSecure: true,
      serveSourceMaps: true,
      remoteOverrideHours: 8,
    });
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow('COOKIE_SECURE must be auto, 1 or 0');
    expect(() => loadConfig({ REMOTE_OVERRIDE_HOURS: '1000' })).toThrow('REMOTE_OVERRIDE_HOURS must be a whole number from 1 to 72');
  });

  it('reads READ_CACHE and DATABASE_POOL_SIZE', () => {
    expect(loadConfig({})).toMatchObject({ readCache: true, databasePoolSize: 8 });
    expect(loadConfig({ READ_CACHE: '0', DATABASE_POOL_SIZE: '24' })).toMatchObject({ readCache: false, databasePoolSize: 24 });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be a whole number from 1 to 500');
  });

  it('refuses values that cannot work, saying which', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number');
    expect(() => loadConfig({ OTP_SENDER: 'pigeon' })).toThrow('OTP_SENDER must be console, outbox or http');
    expect(() => loadConfig({ OTP_SENDER: 'http' })).toThrow('OTP_SENDER=http needs OTP_HTTP_URL');
  });
});
