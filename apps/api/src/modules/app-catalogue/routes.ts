import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appCatalogueCardSchema,
  appGiftCardsQuerySchema,
  appMyGiftCardSchema,
  appMyGiftCardsQuerySchema,
  appNearbyBoxesQuerySchema,
  appNearbyBoxesResponseSchema,
  errorEnvelopeSchema,
  ledgerEntrySchema,
  ledgerQuerySchema,
  limits,
  listResponse,
  okEnvelope,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { authUserOf } from '../../plugins/auth/index.js';
import { listLedger } from '../ledger/index.js';
import { listCatalogue, listMyCards, listNearbyBoxes } from './service.js';

const failure = errorEnvelopeSchema;
/** What every app call may answer besides its success: bad input, no token, not an app user. */
const appFailures = { 400: failure, 401: failure, 403: failure } as const;
const appCall = { tags: ['app'], security: [{ bearer: [] }] };

/**
 * The app's reads (docs/behaviour.md §11): the gift-card catalogue, the caller's cards, the gift
 * boxes nearby and the caller's coin history. Every one needs an active app user's token
 * (requireAppUser, which also counts the per-user rate limit).
 */
export async function appCatalogueRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/app/giftcards',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'listAppGiftCards',
        summary: 'The gift-card catalogue',
        description:
          "A page of the gift cards in stock (no owner, not expired), cheapest first; storeName contains (any case), affordable=true keeps those the caller's coins pay for. Never a serial number or control code.",
        querystring: appGiftCardsQuerySchema,
        response: { 200: okEnvelope(listResponse(appCatalogueCardSchema)), ...appFailures },
      },
    },
    async (request) => ({ body: await listCatalogue(db, authUserOf(request).id, request.query, new Date()) }),
  );

  r.get(
    '/app/giftcards/mine',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'listMyGiftCards',
        summary: 'Your redeemed gift cards',
        description:
          "A page of the caller's redeemed gift cards, newest first, with serial number, control code and the time left of their expiry duration ('N Hours M Minutes').",
        querystring: appMyGiftCardsQuerySchema,
        response: { 200: okEnvelope(listResponse(appMyGiftCardSchema)), ...appFailures },
      },
    },
    async (request) => ({ body: await listMyCards(db, authUserOf(request).id, request.query, new Date()) }),
  );

  r.get(
    '/app/giftboxes',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'listNearbyGiftBoxes',
        summary: 'Gift boxes nearby',
        description: `The gift boxes the caller may open today within radius metres (${limits.nearbyRadiusDefaultM} by default, at most ${limits.nearbyRadiusMaxM.toLocaleString('en-US')}) of lat/lng, nearest first, at most ${limits.nearbyBoxesMax}.`,
        querystring: appNearbyBoxesQuerySchema,
        response: { 200: okEnvelope(appNearbyBoxesResponseSchema), ...appFailures },
      },
    },
    async (request) => ({ body: await listNearbyBoxes(db, authUserOf(request).id, request.query, new Date()) }),
  );

  r.get(
    '/app/ledger',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'listAppLedger',
        summary: 'Your coin history',
        description:
          "A page of the caller's coin history, newest first: steps, quiz, giftbox, redeem and adjustment entries.",
        querystring: ledgerQuerySchema,
        response: { 200: okEnvelope(listResponse(ledgerEntrySchema)), ...appFailures },
      },
    },
    async (request) => ({ body: await listLedger(db, authUserOf(request).id, request.query) }),
  );
}
