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
      trustProxy: 1,
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

  it('accepts steps of today and the STEPS_SYNC_DAYS days before (7), up to MAX_STEPS_PER_DAY (100000)', () => {
    expect(loadConfig({}).steps).toEqual({ syncDays: 7, maxPerDay: 100_000 });
    expect(loadConfig({ STEPS_SYNC_DAYS: '0', MAX_STEPS_PER_DAY: '30000' }).steps).toEqual({
      syncDays: 0,
      maxPerDay: 30_000,
    });
    for (const bad of ['-1', '2.5', 'week', '367']) {
      expect(() => loadConfig({ STEPS_SYNC_DAYS: bad })).toThrow(
        /STEPS_SYNC_DAYS: must be a whole number of days from 0 to 366/,
      );
    }
    for (const bad of ['0', '-5', '1.5', 'lots', '1000001']) {
      expect(() => loadConfig({ MAX_STEPS_PER_DAY: bad })).toThrow(
        /MAX_STEPS_PER_DAY: must be a whole number of steps from 1 to 1000000/,
      );
    }
  });

  it('ends idle portal sessions after SESSION_IDLE_MINUTES (30 by default), a whole number of minutes', () => {
    expect(loadConfig({}).sessionIdleMinutes).toBe(30);
    expect(loadConfig({ SESSION_IDLE_MINUTES: ' 5 ' }).sessionIdleMinutes).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'ten', '10081']) {
      expect(() => loadConfig({ SESSION_IDLE_MINUTES: bad })).toThrow(
        /SESSION_IDLE_MINUTES: must be a whole number of minutes from 1 to 10080/,
      );
    }
  });

  it('lets a gift box be opened within GIFTBOX_RADIUS_M metres (100 by default), a whole number', () => {
    expect(loadConfig({}).giftBoxRadiusM).toBe(100);
    expect(loadConfig({ GIFTBOX_RADIUS_M: ' 250 ' }).giftBoxRadiusM).toBe(250);
    for (const bad of ['0', '-5', '12.5', 'near', '100001']) {
      expect(() => loadConfig({ GIFTBOX_RADIUS_M: bad }), bad).toThrow(
        /GIFTBOX_RADIUS_M: must be a whole number of metres from 1 to 100000/,
      );
    }
  });

  it('reads bulk CSV dates day first unless CSV_DATE_ORDER says MDY or YMD (any case)', () => {
    expect(loadConfig({}).csvDateOrder).toBe('DMY');
    expect(loadConfig({ CSV_DATE_ORDER: ' mdy ' }).csvDateOrder).toBe('MDY');
    expect(loadConfig({ CSV_DATE_ORDER: 'YMD' }).csvDateOrder).toBe('YMD');
    for (const bad of ['DM', 'US', 'day first']) {
      expect(() => loadConfig({ CSV_DATE_ORDER: bad }), bad).toThrow(/CSV_DATE_ORDER: must be one of DMY, MDY, YMD/);
    }
  });

  it('keeps the audit log forever unless AUDIT_RETENTION_DAYS, a whole number of days, says otherwise', () => {
    expect(loadConfig({}).auditRetentionDays).toBeUndefined();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '' }).auditRetentionDays).toBeUndefined();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: ' 365 ' }).auditRetentionDays).toBe(365);
    for (const bad of ['0', '-1', '2.5', 'a year', '36501']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(
        /AUDIT_RETENTION_DAYS: must be a whole number of days from 1 to 36500/,
      );
    }
  });

  it('hands the map its tiles from configuration and checks the template', () => {
    expect(loadConfig({}).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
      center: [59.3293, 18.0686],
      zoom: 12,
    });
    const custom = loadConfig({
      MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=abc',
      MAP_CENTER: '-33.86, 151.2',
      MAP_ZOOM: '9',
    }).map;
    expect(custom).toMatchObject({
      tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=abc',
      center: [-33.86, 151.2],
      zoom: 9,
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/tile.png' })).toThrow(
      /MAP_TILE_URL: must contain/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.example.com/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_CENTER: 'Stockholm' })).toThrow(/MAP_CENTER/);
  });

  it('runs the notification worker by default and pushes through FCM only with both FCM settings', () => {
    expect(loadConfig({}).push).toEqual({ worker: true, pollMs: 1000, fcm: undefined });
    expect(loadConfig({ NOTIFICATION_WORKER: 'false' }).push.worker).toBe(false);
    const fcm = loadConfig({ FCM_PROJECT_ID: 'stride-app', FCM_CREDENTIALS_FILE: 'secrets/fcm.json' }).push.fcm;
    expect(fcm).toEqual({
      projectId: 'stride-app',
      credentialsFile: path.resolve('secrets/fcm.json'),
      endpoint: 'https://fcm.googleapis.com',
    });
    expect(() => loadConfig({ FCM_PROJECT_ID: 'stride-app' })).toThrow(
      /FCM_CREDENTIALS_FILE: FCM_PROJECT_ID and FCM_CREDENTIALS_FILE go together/,
    );
    expect(() => loadConfig({ FCM_ENDPOINT: 'fcm.example.com' })).toThrow(/FCM_ENDPOINT/);
  });

  it('keeps the brute-force counters in-process unless REDIS_URL names a Redis', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '  ', REDIS_KEY_PREFIX: 'ignored:' }).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'strideadmin:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://:s3cret@cache.example.com:6380/2', REDIS_KEY_PREFIX: 'portal-eu:' }).redis,
    ).toEqual({ url: 'rediss://:s3cret@cache.example.com:6380/2', keyPrefix: 'portal-eu:' });
    for (const bad of ['127.0.0.1:6379', 'http://cache.example.com', 'redis://', 'redis:///0']) {
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    }
  });
});
