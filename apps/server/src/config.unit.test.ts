import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'mingle-config-'));

describe('loadConfig', () => {
  it('gives a working development set-up with no variables at all', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.signInRateLimit).toBe(10);
    expect(config.signupCodesPerIp).toBe(300);
    expect(config.signInRateLimitPerIp).toBe(600);
    expect(config.allowPersonalEmail).toBe(false);
    expect(config.liveSocketsPerIp).toBeUndefined(); // the live hub's own default
    // The generated secret is kept, so a restart keeps everyone signed in.
    expect(config.authSecret).toBe(readFileSync(path.join(dir, 'auth-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it('names every bad variable in one message', () => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL must start with postgres/);
    expect(attempt).toThrow(/SMTP_URL must start with smtp/);
  });

  it('takes a venue-sized live socket cap per address, and refuses one that is not a count', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LIVE_SOCKETS_PER_IP: '12000' }).liveSocketsPerIp).toBe(12_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), LIVE_SOCKETS_PER_IP: 'many' })).toThrow(/LIVE_SOCKETS_PER_IP/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), LIVE_SOCKETS_PER_IP: '0' })).toThrow(/LIVE_SOCKETS_PER_IP/);
  });

  it('takes a metrics token long enough not to be guessed (decision 0175)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
  });

  it('takes a redis:// or rediss:// REDIS_URL for the live bus, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).redisUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: 'rediss://user:pass@cache.example:6380/0' }).redisUrl).toBe(
      'rediss://user:pass@cache.example:6380/0',
    );
    for (const url of ['127.0.0.1:6379', 'http://cache.example', 'redis://']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_URL: url })).toThrow(/REDIS_URL/);
    }
  });

  it('waits 5 s before a graceful stop in production and none elsewhere, unless told, and up to 30 s for work in flight', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), DATA_DIR: dataDir(), MAIL_TRANSPORT: 'outbox' };
    expect(loadConfig(production).shutdown).toEqual({ delayMs: 5_000, timeoutMs: 30_000 });
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdown).toEqual({ delayMs: 0, timeoutMs: 30_000 });
    expect(loadConfig({ ...production, SHUTDOWN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '5000' }).shutdown).toEqual({ delayMs: 0, timeoutMs: 5_000 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DELAY_MS: '-1' })).toThrow(/SHUTDOWN_DELAY_MS/);
  });

  it('requires a secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), MAIL_TRANSPORT: 'outbox' })).toThrow(/AUTH_SECRET is required in production/);
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), DATA_DIR: dataDir(), MAIL_TRANSPORT: 'outbox' });
    expect(config.isProduction).toBe(true);
  });

  it('refuses to start in production without SMTP, unless the outbox is chosen on purpose', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL is required in production.*MAIL_TRANSPORT=outbox/s);
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'outbox' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.org:587' }).smtpUrl).toBe('smtp://mail.example.org:587');
    // The outbox chosen by name wins over a configured server: nothing is sent.
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.org', MAIL_TRANSPORT: 'outbox' }).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_TRANSPORT: 'smtp' })).toThrow(/MAIL_TRANSPORT=smtp needs SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('refuses half-set pairs of credentials', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), GITHUB_CLIENT_ID: 'id' })).toThrow(/GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'b' })).toThrow(/S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('switches OAuth providers and S3 on when fully set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      PORT: '8080',
    });
    expect(config.oauth.github).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.oauth.linkedin).toBeUndefined();
    expect(config.s3?.bucket).toBe('uploads');
    expect(config.publicUrl).toBe('http://localhost:8080');
  });
});

describe('development conveniences only where nobody else can reach them', () => {
  it('listens on loopback in development, with demo data and the mailbox', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.host).toBe('127.0.0.1');
    expect(config.devTools).toEqual({ demo: true, mailbox: true });
  });

  it('turns both off on an address others reach, unless each is named', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).devTools).toEqual({ demo: false, mailbox: false });
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', DEMO: 'true' }).devTools).toEqual({ demo: true, mailbox: false });
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', DEV_MAILBOX: 'true' }).devTools).toEqual({ demo: false, mailbox: true });
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: 'localhost' }).devTools).toEqual({ demo: true, mailbox: true });
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '::1' }).devTools).toEqual({ demo: true, mailbox: true });
  });

  it('never has them in production, where the server listens on every interface', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), DATA_DIR: dataDir(), MAIL_TRANSPORT: 'outbox' };
    const config = loadConfig(production);
    expect(config.host).toBe('0.0.0.0');
    expect(config.devTools).toEqual({ demo: false, mailbox: false });
    expect(loadConfig({ ...production, HOST: '127.0.0.1' }).devTools).toEqual({ demo: false, mailbox: false });
    expect(() => loadConfig({ ...production, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX cannot be on in production/);
    expect(() => loadConfig({ ...production, DEMO: 'true' })).toThrow(/DEMO cannot be on in production/);
  });

  it('accepts both loopback names for a local server, and only PUBLIC_URL in production', () => {
    const local = loadConfig({ DATA_DIR: dataDir(), PORT: '3000' }).allowedOrigins;
    expect(local).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173']));
    const production = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), DATA_DIR: dataDir(), PUBLIC_URL: 'https://events.example.org', MAIL_TRANSPORT: 'outbox' });
    expect(production.allowedOrigins).toEqual(['https://events.example.org']);
    const named = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://dev.example.org' }).allowedOrigins;
    expect(named).not.toContain('http://127.0.0.1:3000');
  });
});
