import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, dialable, FILE_VARIABLES, parseConfig } from '@/lib/server/config';

const secret = 'x'.repeat(32);
const token = 'a-real-service-token';

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
    const config = parseConfig({ API_BASE_URL: 'https://api.example.com/', API_SERVICE_TOKEN: token, SESSION_SECRET: secret, SITE_URL: 'https://basvuru.example.com', NODE_ENV: 'production' });
    expect(config.usesSandbox).toBe(false);
    expect(config.apiBaseUrl).toBe('https://api.example.com');
  });

  it('finds the state Redis by URL or through its Sentinels, never both', () => {
    expect(parseConfig({ SESSION_SECRET: secret }).redis).toBeUndefined();
    expect(parseConfig({ SESSION_SECRET: secret, REDIS_URL: 'redis://:pw@127.0.0.1:6379' }).redis).toEqual({ url: 'redis://:pw@127.0.0.1:6379' });
    expect(parseConfig({ SESSION_SECRET: secret, REDIS_SENTINELS: 'sentinel-1:26379,10.0.0.2:26380', REDIS_PASSWORD: 'pw' }).redis).toEqual({
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
      ],
      name: 'ob-state',
      password: 'pw',
      sentinelPassword: undefined,
    });
    expect(() => parseConfig({ SESSION_SECRET: secret, REDIS_SENTINELS: 'sentinel-1' })).toThrow(/REDIS_SENTINELS: must be host:port pairs/);
    expect(() => parseConfig({ SESSION_SECRET: secret, REDIS_SENTINELS: 'a:1', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/REDIS_SENTINELS: set it or REDIS_URL, not both/);
  });

  it("takes OpenTelemetry's resource and sampler from its standard variables", () => {
    expect(parseConfig({ SESSION_SECRET: secret }).tracing).toEqual({ resource: { 'service.name': 'online-basvuru' }, sampler: 'parentbased_always_on', ratio: 1 });
    const tracing = parseConfig({
      SESSION_SECRET: secret,
      OTEL_SERVICE_NAME: 'basvuru-eu',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=production,service.name=ignored,team=web%20sales',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).tracing;
    expect(tracing).toEqual({ resource: { 'deployment.environment.name': 'production', 'service.name': 'basvuru-eu', team: 'web sales' }, sampler: 'parentbased_traceidratio', ratio: 0.25 });
    expect(() => parseConfig({ SESSION_SECRET: secret, OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => parseConfig({ SESSION_SECRET: secret, OTEL_RESOURCE_ATTRIBUTES: 'no pairs' })).toThrow(/OTEL_RESOURCE_ATTRIBUTES/);
    expect(parseConfig({ SESSION_SECRET: secret }).release).toBe('development');
    expect(parseConfig({ SESSION_SECRET: secret, BUILD_RELEASE: 'abc1234-x' }).release).toBe('abc1234-x');
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
      const first = parseConfig({ DATA_DIR: dir }).sessionKeys.current;
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(parseConfig({ DATA_DIR: dir }).sessionKeys.current).toBe(first);
      expect(readdirSync(dir)).toEqual(['session-secret']);
      // A secret another worker put there first is the one every worker uses.
      writeFileSync(path.join(dir, 'session-secret'), 'f'.repeat(64));
      expect(parseConfig({ DATA_DIR: dir }).sessionKeys.current).toBe('f'.repeat(64));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says where the server listens, whether it runs under next dev and who takes the stop signals', () => {
    expect(parseConfig({ SESSION_SECRET: secret })).toMatchObject({ listen: { host: undefined, port: 3000 }, isDevelopment: true, manualSignals: false });
    expect(parseConfig({ SESSION_SECRET: secret, HOSTNAME: '', NODE_ENV: 'test' })).toMatchObject({ listen: { host: undefined }, isDevelopment: false });
    expect(parseConfig({ SESSION_SECRET: secret, HOSTNAME: '0.0.0.0', PORT: '3100', NODE_ENV: 'production', DEMO: '1', NEXT_MANUAL_SIG_HANDLE: 'true' })).toMatchObject({
      listen: { host: '0.0.0.0', port: 3100 },
      isDevelopment: false,
      manualSignals: true,
    });
  });

  it('links to the served port when SITE_URL is unset, and to SITE_URL without a trailing slash', () => {
    expect(parseConfig({ SESSION_SECRET: secret }).siteUrl).toBe('http://localhost:3000');
    expect(parseConfig({ SESSION_SECRET: secret, PORT: '4123', NODE_ENV: 'production', DEMO: '1' }).siteUrl).toBe('http://localhost:4123');
    expect(parseConfig({ SESSION_SECRET: secret, SITE_URL: 'https://basvuru.example.com/' }).siteUrl).toBe('https://basvuru.example.com');
  });

  it('makes cookies Secure in production where the site is https, not on the demo at http://localhost (WebKit drops them there)', () => {
    const real = { API_BASE_URL: 'https://api.example.com', API_SERVICE_TOKEN: token, SESSION_SECRET: secret, NODE_ENV: 'production' };
    expect(parseConfig({ ...real, SITE_URL: 'https://basvuru.example.com' }).cookieSecure).toBe(true);
    expect(parseConfig({ SESSION_SECRET: secret, NODE_ENV: 'production', DEMO: '1' }).cookieSecure).toBe(false);
    expect(parseConfig({ SESSION_SECRET: secret, NODE_ENV: 'production', DEMO: '1', SITE_URL: 'https://demo.example.com' }).cookieSecure).toBe(true);
    expect(parseConfig({ SESSION_SECRET: secret, SITE_URL: 'https://basvuru.example.com' }).cookieSecure).toBe(false);
    // SESSION_COOKIE_SECURE decides where it is set.
    expect(parseConfig({ ...real, SITE_URL: 'https://basvuru.example.com', SESSION_COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(parseConfig({ SESSION_SECRET: secret, NODE_ENV: 'production', DEMO: '1', SESSION_COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('requires SITE_URL in production with a real upstream', () => {
    const production = { API_BASE_URL: 'https://api.example.com', API_SERVICE_TOKEN: token, SESSION_SECRET: secret, NODE_ENV: 'production' };
    expect(() => parseConfig(production)).toThrow(/^Missing environment variable SITE_URL/);
    expect(parseConfig({ ...production, SITE_URL: 'https://basvuru.example.com' }).siteUrl).toBe('https://basvuru.example.com');
    // Development against a real upstream still links to where it is served.
    expect(parseConfig({ ...production, NODE_ENV: 'development', PORT: '3001' }).siteUrl).toBe('http://localhost:3001');
  });

  it('requires a session secret in production with a real upstream', () => {
    expect(() => parseConfig({ API_BASE_URL: 'https://api.example.com', API_SERVICE_TOKEN: token, NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET/,
    );
  });

  describe('a strict production posture', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: secret, SITE_URL: 'https://basvuru.example.com' };

    it('stops a production start that names no upstream and does not ask for the demo', () => {
      expect(() => parseConfig(production)).toThrow(/^Missing environment variable API_BASE_URL: a production start needs its upstream/);
      expect(parseConfig({ ...production, DEMO: '1' }).usesSandbox).toBe(true);
      expect(() => parseConfig({ ...production, DEMO: '0' })).toThrow(/API_BASE_URL/);
      // Development (npm run dev) keeps the sandbox as its default.
      expect(parseConfig({ SESSION_SECRET: secret }).usesSandbox).toBe(true);
    });

    it('never runs the sandbox when API_BASE_URL is set, demo or not', () => {
      expect(parseConfig({ ...production, DEMO: '1', API_BASE_URL: 'https://api.example.com', API_SERVICE_TOKEN: token }).usesSandbox).toBe(false);
    });

    it('refuses an http upstream other than loopback', () => {
      expect(() => parseConfig({ ...production, API_BASE_URL: 'http://api.example.com', API_SERVICE_TOKEN: token })).toThrow(
        /^Invalid environment variable API_BASE_URL: must be https/,
      );
      for (const loopback of ['http://127.0.0.1:41900', 'http://localhost:8080', 'http://[::1]:9000']) {
        expect(parseConfig({ ...production, API_BASE_URL: loopback, API_SERVICE_TOKEN: token }).apiBaseUrl).toBe(loopback);
      }
    });

    it('refuses the sandbox’s public service token with a real upstream', () => {
      expect(() => parseConfig({ ...production, API_BASE_URL: 'https://api.example.com' })).toThrow(/^Invalid environment variable API_SERVICE_TOKEN/);
      expect(() => parseConfig({ ...production, API_BASE_URL: 'https://api.example.com', API_SERVICE_TOKEN: 'sandbox-service-token' })).toThrow(/API_SERVICE_TOKEN/);
      // The sandbox itself on loopback (tests, a local sidecar) keeps it.
      expect(parseConfig({ ...production, API_BASE_URL: 'http://127.0.0.1:41900' }).serviceToken).toBe('sandbox-service-token');
    });

    it('refuses a session secret under 32 characters', () => {
      expect(() => parseConfig({ ...production, DEMO: '1', SESSION_SECRET: 'x'.repeat(31) })).toThrow(/^Invalid environment variable SESSION_SECRET/);
    });
  });

  describe('budgets', () => {
    it('multiplies every budget by RATE_LIMIT_FACTOR', () => {
      const one = parseConfig({ SESSION_SECRET: secret }).budgets;
      const many = parseConfig({ SESSION_SECRET: secret, RATE_LIMIT_FACTOR: '1000' }).budgets;
      for (const name of Object.keys(one) as (keyof typeof one)[]) expect(many[name].points).toBe(one[name].points * 1000);
      expect(one.identityIp).toMatchObject({ points: 10, windowSeconds: 3600 });
    });

    it('keeps RATE_LIMIT_CODES_PER_IP and _PER_TARGET: code requests per 10 minutes, checks three times as many', () => {
      const config = parseConfig({ SESSION_SECRET: secret, RATE_LIMIT_CODES_PER_IP: '7', RATE_LIMIT_CODES_PER_TARGET: '2' });
      expect(config.rateLimit).toEqual({ codesPerIp: 7, codesPerTarget: 2 });
      expect(config.budgets.codeSendIp).toMatchObject({ points: 7, windowSeconds: 600 });
      expect(config.budgets.codeCheckIp.points).toBe(21);
      expect(config.budgets.codeCheckTarget.points).toBe(6);
    });

    it('takes each budget’s own setting and names a malformed one', () => {
      expect(parseConfig({ SESSION_SECRET: secret, RATE_LIMIT_IDENTITY_PER_IP: '3' }).budgets.identityIp.points).toBe(3);
      expect(() => parseConfig({ SESSION_SECRET: secret, RATE_LIMIT_CONTACT_PER_IP: '0' })).toThrow(/RATE_LIMIT_CONTACT_PER_IP/);
      expect(() => parseConfig({ SESSION_SECRET: secret, RATE_LIMIT_FACTOR: '-1' })).toThrow(/RATE_LIMIT_FACTOR/);
      expect(() => parseConfig({ SESSION_SECRET: secret, TRUSTED_PROXY_HOPS: 'x' })).toThrow(/TRUSTED_PROXY_HOPS/);
    });

    it('takes UPLOADS_IN_FLIGHT uploads per instance, exactly', () => {
      expect(parseConfig({ SESSION_SECRET: secret }).uploadsInFlight).toBe(8);
      expect(parseConfig({ SESSION_SECRET: secret, UPLOADS_IN_FLIGHT: '3' }).uploadsInFlight).toBe(3);
    });

    it('takes a revalidation secret of 32 characters or more, two while the caller changes', () => {
      expect(parseConfig({ SESSION_SECRET: secret }).revalidateSecrets).toEqual([]);
      expect(parseConfig({ SESSION_SECRET: secret, REVALIDATE_SECRET: 'r'.repeat(32) }).revalidateSecrets).toEqual(['r'.repeat(32)]);
      expect(parseConfig({ SESSION_SECRET: secret, REVALIDATE_SECRET: `${'n'.repeat(32)} ${'r'.repeat(32)}` }).revalidateSecrets).toEqual(['n'.repeat(32), 'r'.repeat(32)]);
      expect(() => parseConfig({ SESSION_SECRET: secret, REVALIDATE_SECRET: 'short' })).toThrow(/REVALIDATE_SECRET/);
      expect(() => parseConfig({ SESSION_SECRET: secret, REVALIDATE_SECRET: `${'r'.repeat(32)} short` })).toThrow(/Invalid environment variable REVALIDATE_SECRET/);
    });

    it('takes the session secret as a key ring while it rotates, and names it when the ring is wrong', () => {
      const next = 'n'.repeat(40);
      expect(parseConfig({ SESSION_SECRET: `2=${next} 1=${secret}` }).sessionKeys).toEqual({ sealing: { 2: next }, current: next, opening: { 1: secret, 2: next }, hashing: secret });
      expect(() => parseConfig({ SESSION_SECRET: `2=${next} 1=short` })).toThrow(/Invalid environment variable SESSION_SECRET: every secret must be at least 32/);
    });
  });
});

describe('secrets from files (<NAME>_FILE, as Docker and Kubernetes mount them)', () => {
  const real = { API_BASE_URL: 'https://api.example.com', SITE_URL: 'https://basvuru.example.com', NODE_ENV: 'production' };

  it('reads each secret from the file its _FILE variable names, without the trailing newline', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'config-files-'));
    try {
      const file = (name: string, value: string) => {
        writeFileSync(path.join(dir, name), value);
        return path.join(dir, name);
      };
      const config = parseConfig({
        ...real,
        SESSION_SECRET_FILE: file('session', `${'s'.repeat(40)}\n`),
        REVALIDATE_SECRET_FILE: file('revalidate', 'r'.repeat(40)),
        API_SERVICE_TOKEN_FILE: file('token', `${token}\n`),
        REDIS_URL_FILE: file('redis', 'redis://:pw@redis:6379\n'),
      });
      expect(config.sessionKeys.current).toBe('s'.repeat(40));
      expect(config.revalidateSecrets).toEqual(['r'.repeat(40)]);
      expect(config.serviceToken).toBe(token);
      expect(config.redis).toEqual({ url: 'redis://:pw@redis:6379' });
      // The Sentinel form's passwords too.
      const sentinel = parseConfig({ ...real, API_SERVICE_TOKEN: token, SESSION_SECRET: secret, REDIS_SENTINELS: 's1:26379', REDIS_PASSWORD_FILE: file('redis-password', 'rp\n') });
      expect(sentinel.redis).toMatchObject({ password: 'rp' });
      // The file's value is checked as the variable's would be.
      expect(() => parseConfig({ ...real, API_SERVICE_TOKEN: token, SESSION_SECRET_FILE: file('short', 'short\n') })).toThrow(/SESSION_SECRET: must be at least 32/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file that cannot be read, and a secret given both ways, naming the variable', () => {
    expect(() => parseConfig({ ...real, API_SERVICE_TOKEN: token, SESSION_SECRET_FILE: '/nonexistent/session' })).toThrow(
      new ConfigError('Invalid environment variable SESSION_SECRET_FILE: cannot read /nonexistent/session (ENOENT)'),
    );
    expect(() => parseConfig({ ...real, API_SERVICE_TOKEN: token, SESSION_SECRET: secret, SESSION_SECRET_FILE: '/nonexistent/session' })).toThrow(/SESSION_SECRET_FILE: SESSION_SECRET is set too/);
  });

  it('covers every secret the deployment mounts', () => {
    expect(FILE_VARIABLES).toEqual(expect.arrayContaining(['SESSION_SECRET', 'REVALIDATE_SECRET', 'API_SERVICE_TOKEN', 'REDIS_URL', 'REDIS_CACHE_URL']));
  });
});

describe('the provider shown to buyers', () => {
  it('takes the legal name, the address and the support line from the environment, the line also in the form tel: dials', () => {
    const { company } = parseConfig({ SESSION_SECRET: secret, COMPANY_LEGAL_NAME: 'Örnek Telekom A.Ş.', COMPANY_ADDRESS: 'Atatürk Cad. 5, Ankara', SUPPORT_PHONE: '0212 555 12 34' });
    expect(company).toEqual({ legalName: 'Örnek Telekom A.Ş.', address: 'Atatürk Cad. 5, Ankara', supportPhone: '0212 555 12 34', supportPhoneDial: '+902125551234' });
  });

  it('dials a number written with +90 or 90 the same way, and refuses one that is not Turkish', () => {
    expect(dialable('+90 850 000 00 00')).toBe('+908500000000');
    expect(dialable('90 850 000 00 00')).toBe('+908500000000');
    expect(() => parseConfig({ SESSION_SECRET: secret, SUPPORT_PHONE: '555-1234' })).toThrow(/SUPPORT_PHONE/);
  });
});
