import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MapConfig, mapConfigSchema } from '@strideadmin/contract';
import { mapTileOrigin } from '../../../src/modules/gift-boxes/index.js';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

/** The sources of one CSP directive of a response. */
function cspSources(header: unknown, directive: string): string[] {
  const policy = String(header);
  const entry = policy.split(';').find((d) => d.trim().startsWith(`${directive} `));
  return entry ? entry.trim().split(/\s+/).slice(1) : [];
}

describe('mapTileOrigin', () => {
  it('is the scheme and host of the tile URL template, in lower case, with its port', () => {
    expect(mapTileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(mapTileOrigin('https://Tiles.Example.COM:8443/v1/{z}/{x}/{y}.png?key=secret')).toBe(
      'https://tiles.example.com:8443',
    );
    expect(mapTileOrigin('http://localhost:8080/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
    expect(mapTileOrigin('https://user:pass@tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com');
  });

  it('never carries the path or the query, where a provider key lives', () => {
    const origin = mapTileOrigin('https://maps.example.net/styles/{z}/{x}/{y}.png?api_key=abc123');
    expect(origin).toBe('https://maps.example.net');
    expect(origin).not.toContain('abc123');
  });

  it('turns the {s} subdomain placeholder (and any placeholder in the host) into a *. wildcard', () => {
    expect(mapTileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(mapTileOrigin('https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png')).toBe(
      'https://*.basemaps.cartocdn.com',
    );
    expect(mapTileOrigin('https://tiles{s}.example.com/{z}/{x}/{y}.png')).toBe('https://*.example.com');
    expect(mapTileOrigin('https://a.{s}.tiles.example.com:444/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example.com:444',
    );
  });

  it('gives nothing rather than a source wider than a site', () => {
    expect(mapTileOrigin('https://{s}.org/{z}/{x}/{y}.png')).toBeUndefined();
    expect(mapTileOrigin('https://tiles.{s}/{z}/{x}/{y}.png')).toBeUndefined();
    expect(mapTileOrigin('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(mapTileOrigin('ftp://tiles.example.com/{z}/{x}/{y}.png')).toBeUndefined();
  });
});

describe('the map of /add-box-manual, from configuration', () => {
  const env = {
    MAP_TILE_URL: 'https://{s}.tiles.example.org/base/{z}/{x}/{y}.png?key=tile-key-123',
    MAP_TILE_ATTRIBUTION: '© Example Maps',
    MAP_MAX_ZOOM: '18',
    MAP_CENTER: '57.7089, 11.9746',
    MAP_ZOOM: '11',
  };
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({ env });
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('GET /api/config/map answers the configured settings to an administrator, key included', async () => {
    const res = await t.app.inject({ url: '/api/config/map', headers: admin.headers });

    expect(res.statusCode).toBe(200);
    const expected: MapConfig = {
      tileUrl: env.MAP_TILE_URL,
      attribution: '© Example Maps',
      maxZoom: 18,
      center: [57.7089, 11.9746],
      zoom: 11,
    };
    expect(res.json()).toEqual({ body: expected });
    expect(mapConfigSchema.parse(res.json().body)).toEqual(expected);
  });

  it('lets the page load images from the tile origin (a wildcard for {s}), and from nowhere else new', async () => {
    for (const url of ['/api/health', '/some/page']) {
      const res = await t.app.inject({ url });
      const imgSrc = cspSources(res.headers['content-security-policy'], 'img-src');
      expect(imgSrc, url).toContain('https://*.tiles.example.org');
      expect(imgSrc.join(' ')).not.toContain('tile-key-123');
      expect(cspSources(res.headers['content-security-policy'], 'connect-src')).not.toContain(
        'https://*.tiles.example.org',
      );
    }
  });
});

describe('the map with the default configuration', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        MAP_TILE_URL: undefined,
        MAP_TILE_ATTRIBUTION: undefined,
        MAP_MAX_ZOOM: undefined,
        MAP_CENTER: undefined,
        MAP_ZOOM: undefined,
      },
    });
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it('uses the OpenStreetMap tiles, centred on Stockholm, and allows their origin', async () => {
    const res = await t.app.inject({ url: '/api/config/map', headers: admin.headers });
    expect(res.json().body).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
      center: [59.3293, 18.0686],
      zoom: 12,
    });
    expect(cspSources(res.headers['content-security-policy'], 'img-src')).toContain('https://tile.openstreetmap.org');
  });
});
