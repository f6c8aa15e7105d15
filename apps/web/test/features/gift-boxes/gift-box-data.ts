import { messages, type GiftBox, type GiftBoxConfig, type MapConfig } from '@strideadmin/contract';
import { session } from '../../../src/lib/session';
import { jsonResponse, listPage, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../support/fixtures';

/** A gift box config as the API answers it (contract giftBoxConfigSchema); override what a test needs. */
export function makeConfig(overrides: Partial<GiftBoxConfig> = {}): GiftBoxConfig {
  return {
    id: 21,
    type: 'Daily Walker',
    minCoins: 10,
    maxCoins: 50,
    stepsToUnlock: 2000,
    boxesPerDay: 3,
    isActive: true,
    manualBoxCount: 0,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A hand-placed box (contract giftBoxSchema). */
export function makeBox(overrides: Partial<GiftBox> = {}): GiftBox {
  return {
    id: 301,
    configId: 21,
    latitude: 59.329323,
    longitude: 18.068581,
    coins: 40,
    expiresAt: '2099-06-01T12:00:00.000Z',
    source: 'manual',
    openedAt: null,
    createdAt: '2024-05-02T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /config/map as the server answers it from its configuration. */
export const mapConfig: MapConfig = {
  tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
  attribution: '© Test tiles',
  maxZoom: 18,
  center: [59.3293, 18.0686],
  zoom: 12,
};

export interface GiftBoxServerOptions {
  /** Hand-placed boxes, by config id. */
  boxes?: GiftBox[];
  /** POST and PUT /api/giftbox answers, one per call, the last one repeating. */
  saves?: Response[];
  /** POST /api/giftbox/manual answer. */
  place?: Response;
  /** GET /api/config/map answer; a function that never resolves keeps the map loading. */
  map?: () => Response | Promise<Response>;
}

/**
 * Signed in as an administrator, against a small in-memory gift box API: GET /giftbox (type
 * contains, sort, pages), GET /giftbox/{id} with ManualBoxes, DELETE /giftbox/{id} (its boxes
 * too), POST/PUT /giftbox answering `saves`, POST /giftbox/manual, DELETE /giftbox/manual/{id},
 * GET /config/map.
 */
export function serveGiftBoxes(configs: GiftBoxConfig[], opts: GiftBoxServerOptions = {}) {
  const admin = makeUser();
  session.signIn(admin, 'jwt');
  stubMatchMedia(false);
  const data = [...configs];
  let boxes = [...(opts.boxes ?? [])];
  const saves = [...(opts.saves ?? [jsonResponse(200, { message: 'Saved by the server.', body: { id: 99 } })])];
  const withCount = (c: GiftBoxConfig) => ({ ...c, manualBoxCount: boxes.filter((b) => b.configId === c.id).length });
  const api = stubFetch((req) => {
    const { pathname, searchParams: q } = req.url;
    if (req.method === 'GET' && pathname === `/api/users/${admin.id}`)
      return jsonResponse(200, { body: makeUserDetail(admin) });
    if (req.method === 'GET' && pathname === '/api/config/map')
      return opts.map ? opts.map() : jsonResponse(200, { body: mapConfig });
    if (req.method === 'GET' && pathname === '/api/giftbox') {
      const type = q.get('type')?.toLowerCase() ?? '';
      return listPage(data.filter((c) => c.type.toLowerCase().includes(type)).map(withCount), q);
    }
    if ((req.method === 'POST' || req.method === 'PUT') && pathname === '/api/giftbox')
      return (saves.length > 1 ? saves.shift() : saves[0])!.clone();
    if (req.method === 'POST' && pathname === '/api/giftbox/manual') {
      if (opts.place) return opts.place.clone();
      const body = req.body as Omit<GiftBox, 'id' | 'source' | 'openedAt' | 'createdAt'>;
      const box = makeBox({ ...body, id: 900 + boxes.length, createdAt: new Date().toISOString() });
      boxes = [box, ...boxes];
      return jsonResponse(200, { message: messages.giftBoxPlaced, body: { id: box.id } });
    }
    const manual = /^\/api\/giftbox\/manual\/(\d+)$/.exec(pathname);
    if (manual && req.method === 'DELETE') {
      boxes = boxes.filter((b) => b.id !== Number(manual[1]));
      return jsonResponse(200, { message: messages.giftBoxDeleted, body: null });
    }
    const byId = /^\/api\/giftbox\/(\d+)$/.exec(pathname);
    const index = byId ? data.findIndex((c) => c.id === Number(byId[1])) : -1;
    if (byId && index < 0) return jsonResponse(404, { message: messages.giftBoxConfigNotFound });
    if (byId && req.method === 'DELETE') {
      const [gone] = data.splice(index, 1);
      boxes = boxes.filter((b) => b.configId !== gone!.id);
      return jsonResponse(200, { message: messages.giftBoxConfigDeleted, body: null });
    }
    if (byId && req.method === 'GET') {
      const config = data[index]!;
      return jsonResponse(200, {
        body: { ...withCount(config), ManualBoxes: boxes.filter((b) => b.configId === config.id) },
      });
    }
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const lists = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/giftbox');
  const savesSeen = () => api.seen.filter((r) => r.url.pathname === '/api/giftbox' && r.method !== 'GET');
  const placed = () => api.seen.filter((r) => r.method === 'POST' && r.url.pathname === '/api/giftbox/manual');
  return { api, lists, savesSeen, placed };
}
