import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config';

const secret = 'x'.repeat(32);

describe('parseConfig', () => {
  it('defaults to the embedded sandbox', () => {
    const config = parseConfig({ SESSION_SECRET: secret });
    expect(config.usesSandbox).toBe(true);
    expect(config.apiBaseUrl).toBe('http://127.0.0.1:41900');
    expect(config.serviceTokenHeader).toBe('X-Service-Token');
    expect(config.apiTimeoutMs).toBe(15000);
    expect(config.rateLimit).toEqual({ codesPerIp: 20, codesPerTarget: 5 });
  });

  it('uses a real upstream when API_BASE_URL is set, without a trailing slash', () => {
    const config = parseConfig({ API_BASE_URL: 'https://api.example.com/', SESSION_SECRET: secret, SITE_URL: 'https://basvuru.example.com', NODE_ENV: 'production' });
    expect(config.usesSandbox).toBe(false);
    expect(config.apiBaseUrl).toBe('https://api.example.com');
  });

  it('names the variable that is malformed', () => {
    expect(() => parseConfig({ API_BASE_URL: 'not a url', SESSION_SECRET: secret })).toThrow(/API_BASE_URL/);
    expect(() => parseConfig({ API_TIMEOUT_MS: '-5', SESSION_SECRET: secret })).toThrow(/API_TIMEOUT_MS/);
    expect(() => parseConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => parseConfig({ API_SERVICE_TOKEN_HEADER: 'bad header', SESSION_SECRET: secret })).toThrow(ConfigError);
  });

  it('needs a session secret, or a data folder to keep a generated one', () => {
    expect(() => parseConfig({})).toThrow(/SESSION_SECRET/);
  });

  it('generates one session secret in the data folder and keeps it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    try {
      const first = parseConfig({ DATA_DIR: dir }).sessionSecret;
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(parseConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
      expect(readdirSync(dir)).toEqual(['session-secret']);
      // A secret another worker put there first is the one every worker uses.
      writeFileSync(path.join(dir, 'session-secret'), 'f'.repeat(64));
      expect(parseConfig({ DATA_DIR: dir }).sessionSecret).toBe('f'.repeat(64));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('links to the served port when SITE_URL is unset, and to SITE_URL without a trailing slash', () => {
    expect(parseConfig({ SESSION_SECRET: secret }).siteUrl).toBe('http://localhost:3000');
    expect(parseConfig({ SESSION_SECRET: secret, PORT: '4123', NODE_ENV: 'production' }).siteUrl).toBe('http://localhost:4123');
    expect(parseConfig({ SESSION_SECRET: secret, SITE_URL: 'https://basvuru.example.com/' }).siteUrl).toBe('https://basvuru.example.com');
  });

  it('requires SITE_URL in production with a real upstream', () => {
    const production = { API_BASE_URL: 'https://api.example.com', SESSION_SECRET: secret, NODE_ENV: 'production' };
    expect(() => parseConfig(production)).toThrow(/^Missing environment variable SITE_URL/);
    expect(parseConfig({ ...production, SITE_URL: 'https://basvuru.example.com' }).siteUrl).toBe('https://basvuru.example.com');
    // Development against a real upstream still links to where it is served.
    expect(parseConfig({ ...production, NODE_ENV: 'development', PORT: '3001' }).siteUrl).toBe('http://localhost:3001');
  });

  it('requires a session secret in production with a real upstream', () => {
    expect(() => parseConfig({ API_BASE_URL: 'https://api.example.com', NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET/,
    );
  });
});
