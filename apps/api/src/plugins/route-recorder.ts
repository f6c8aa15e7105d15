import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PermissionAction } from '@strideadmin/contract';
import { permissionOfGuard } from './auth/index.js';

/**
 * Who a route lets in, as its onRequest guard says: 'staff' a portal account whose role has the
 * route's permission (requirePermission), or an Admin (requireAdmin, permission null); 'user' any
 * signed-in account; 'app' an app user; 'public' anyone.
 */
export type RouteGuard = 'staff' | 'user' | 'app' | 'public';

/** One route of the server, as registered (HEAD twins of GET routes left out). */
export interface RouteRecord {
  method: string;
  url: string;
  guard: RouteGuard;
  /** A 'staff' route's action (the contract's permission table); null: Admin only; undefined otherwise. */
  permission?: PermissionAction | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route and its guard, filled as routes are registered: the authorisation matrix reads it. */
    routeTable: readonly RouteRecord[];
  }
}

/**
 * Records each route with its guard, read from its own onRequest hooks by identity (the auth
 * plugin's decorators; a guard put elsewhere, in preHandler or a plugin-wide hook, reads as
 * 'public' and fails the authorisation matrix test rather than passing unseen). Registered before
 * any other plugin, so every route, ours or a plugin's, passes through it.
 */
export const routeRecorderPlugin = fp(
  async (app: FastifyInstance) => {
    const table: RouteRecord[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      const hooks: unknown[] = route.onRequest === undefined ? [] : [route.onRequest].flat();
      const guards: Array<[unknown, RouteGuard]> = app.hasDecorator('requireAdmin')
        ? [
            [app.requireAdmin, 'staff'],
            [app.requireUser, 'user'],
            [app.requireAppUser, 'app'],
          ]
        : [];
      const permission = hooks.map(permissionOfGuard).find((p) => p !== undefined);
      const guard: RouteGuard = permission ? 'staff' : (guards.find(([hook]) => hooks.includes(hook))?.[1] ?? 'public');
      const staff = guard === 'staff' ? { permission: permission ?? null } : {};
      const methods = [route.method].flat();
      const bare = (url: string) => url.replace(/(.)\/$/, '$1');
      for (const method of methods) {
        // A GET route's HEAD twin (Fastify's own, with the same hooks; at '/x/' too for a plugin's '/'
        // route under prefix '/x') adds nothing: one entry is enough.
        const twin =
          method === 'HEAD' &&
          (methods.includes('GET') ||
            table.some((r) => r.method === 'GET' && bare(r.url) === bare(route.url) && r.guard === guard));
        if (!twin) table.push({ method, url: route.url, guard, ...staff });
      }
    });
  },
  { name: 'route-recorder' },
);
