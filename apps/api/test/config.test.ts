import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('fills in the embedded defaults', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      jwtTtl: '12h',
      adminEmail: 'admin@example.com',
      adminPassword: undefined,
      bodyLimit: 1_048_576,
      trustProxy: false,
      loginLimits: { perAccount: 10, perIp: 50, windowSeconds: 900 },
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads numbers and flags, treats blank values as unset, and normalises the admin e-mail', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://admin.example.com/',
      DATABASE_URL: '  ',
      ADMIN_EMAIL: ' Owner@Example.COM ',
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    });

    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://admin.example.com',
      databaseUrl: undefined,
      adminEmail: 'owner@example.com',
      trustProxy: true,
      loginLimits: { perAccount: 3 },
    });
  });

  it('refuses a weak JWT_SECRET or ADMIN_PASSWORD, and says which', () => {
    expect(() => loadConfig({ JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET: JWT_SECRET must be at least 32/);
    expect(() => loadConfig({ ADMIN_PASSWORD: '12345' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('refuses values of the wrong kind', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_IP: '0' })).toThrow(/LOGIN_MAX_FAILURES_PER_IP/);
  });
});
