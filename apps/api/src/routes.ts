import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { type AccountService, accountRoutes } from './modules/account/index.js';
import { mobileAppRoutes } from './modules/mobile-app/index.js';
import { appCatalogueRoutes } from './modules/app-catalogue/index.js';
import { ledgerRoutes } from './modules/ledger/index.js';
import { appAccountRoutes } from './modules/app-account/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { authRoutes, sessionRoutes } from './modules/auth/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { giftBoxRoutes } from './modules/gift-boxes/index.js';
import { giftCardRoutes } from './modules/gift-cards/index.js';
import { healthRoutes } from './modules/health/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { complaintQueryRoutes } from './modules/complaints/index.js';
import { quizRoutes } from './modules/quiz/index.js';
import { searchRoutes } from './modules/search/index.js';
import { localUploadRoutes, uploadRoutes } from './modules/uploads/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { userRoutes } from './modules/users/index.js';
import type { ConfiguredStorage } from './storage/index.js';

export interface RoutesOptions {
  config: Config;
  database: Database;
  storage: ConfiguredStorage;
  /** Account e-mails: invitations, verify account, forgot password. */
  account: AccountService;
  version: string;
}

/**
 * The route table: each module's routes, under /api (the stored images' own, at /uploads). A
 * route's guard is its own onRequest hook, declared beside it in its module (requireAdmin,
 * requireUser, requireAppUser: plugins/auth); the comments say who each module lets in, and the
 * authorisation matrix test holds every route (app.routeTable) to that.
 */
export async function routes(app: FastifyInstance, { config, database, storage, account, version }: RoutesOptions) {
  const { db } = database;
  await app.register(
    async (api) => {
      // /health, /health/live, /health/ready: anyone.
      await api.register(healthRoutes, { database, version });
      // /auth/login, /auth/register: anyone (brute-force limits).
      await api.register(authRoutes, {
        db,
        limiter: app.limiters.signIn,
        registerLimiter: app.limiters.register,
        notifier: account,
      });
      // /auth/logout, /auth/logout-all, /auth/session(s): any signed-in account.
      await api.register(sessionRoutes, { db });
      // /auth/forgot_password, /auth/reset_password, /auth/verifyToken: anyone (the link's token);
      // /app/resend_verification: an app user.
      await api.register(accountRoutes, { account, limiter: app.limiters.forgotPassword });
      // From here on, administrators only, except where said.
      await api.register(userRoutes, { db, database, notifier: account });
      // /users/{id}/ledger, /users/{id}/coins: a user's coin history and adjustments.
      await api.register(ledgerRoutes, { db });
      await api.register(uploadRoutes, { storage });
      await api.register(profileRoutes, { db, limiter: app.limiters.changePassword });
      // /giftcard/csv-template (an empty file): anyone.
      await api.register(giftCardRoutes, { db, database, csvDateOrder: config.csvDateOrder });
      await api.register(quizRoutes, { db, database });
      await api.register(giftBoxRoutes, { db, database, map: config.map });
      // /app/notifications: an app user.
      await api.register(notificationRoutes, { db, database });
      // /app/message: an app user.
      await api.register(complaintQueryRoutes, { db, database });
      // /app/*: app users only.
      await api.register(mobileAppRoutes, {
        db,
        stepsPerCoin: config.stepsPerCoin,
        steps: config.steps,
        giftBoxRadiusM: config.giftBoxRadiusM,
      });
      await api.register(appCatalogueRoutes, { db });
      // /app/me*, /app/push-token: app users only; /users/{id}/clear-steps-flag: who may edit users.
      await api.register(appAccountRoutes, { db, storage, limiter: app.limiters.changePassword });
      await api.register(dashboardRoutes, { db });
      // /search: the top bar's quick search over users and gift cards.
      await api.register(searchRoutes, { db });
      // /audit, /audit/{id}, /audit/export: the audit log, read only.
      await api.register(auditRoutes, { db, database });
    },
    { prefix: '/api' },
  );
  // Stored images on the local disk: anyone may read one; a PUT needs its signed URL.
  if (storage.driver === 'local') {
    await app.register(localUploadRoutes, { storage, uploadTimeoutMs: config.timeouts.uploadMs });
  }
}
