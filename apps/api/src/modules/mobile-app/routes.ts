import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appQuizQuerySchema,
  appQuizQuestionSchema,
  appStepsResponseSchema,
  appStepsSchema,
  errorEnvelopeSchema,
  giftBoxOpenResponseSchema,
  giftBoxOpenSchema,
  idParamsSchema,
  listResponse,
  messages,
  okEnvelope,
  quizAnswerResponseSchema,
  quizAnswerSchema,
  redeemResponseSchema,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { authUserOf } from '../../plugins/auth/index.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import {
  answerQuestion,
  listOpenQuestions,
  openGiftBox,
  recordSteps,
  redeemGiftCard,
  type StepsRules,
  stepsProblem,
} from './service.js';

const failure = errorEnvelopeSchema;
/** What every app call may answer besides its success: bad input, no token, not an app user. */
const appFailures = { 400: failure, 401: failure, 403: failure } as const;
const appCall = { tags: ['app'], security: [{ bearer: [] }] };

/**
 * The mobile app's activity calls (docs/behaviour.md §10): steps, quiz, gift boxes, gift cards. Every one
 * needs an active app user's token (requireAppUser); the coins they earn or spend go through the
 * ledger.
 */
export async function mobileAppRoutes(
  app: FastifyInstance,
  opts: { db: Db; stepsPerCoin: number; steps: StepsRules; giftBoxRadiusM: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.post(
    '/app/steps',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'recordSteps',
        summary: "Record a day's steps",
        description:
          "Records a day's steps: today or up to STEPS_SYNC_DAYS days before (a server setting), at most MAX_STEPS_PER_DAY. A later sync of the same day replaces the count and credits only the difference in coins.",
        body: appStepsSchema,
        response: { 200: okEnvelope(appStepsResponseSchema), ...appFailures },
      },
    },
    async (request) => {
      const { date, steps } = request.body;
      // Refused as the schema refuses (400, the message also in `errors`): the phone shows either alike.
      const problem = stepsProblem(date, steps, opts.steps);
      if (problem) throw new HttpError(400, problem, [problem]);
      const result = await recordSteps(db, {
        userId: authUserOf(request).id,
        date,
        steps,
        stepsPerCoin: opts.stepsPerCoin,
        maxPerDay: opts.steps.maxPerDay,
      });
      throwIfRefused(result);
      return { message: messages.stepsRecorded, body: result.result };
    },
  );

  r.get(
    '/app/quiz',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'listAppQuizQuestions',
        summary: 'Quiz questions to answer',
        description: 'A page of the active quiz questions the caller has not answered yet, without the correct option.',
        querystring: appQuizQuerySchema,
        response: { 200: okEnvelope(listResponse(appQuizQuestionSchema)), ...appFailures },
      },
    },
    async (request) => ({ body: await listOpenQuestions(db, authUserOf(request).id, request.query) }),
  );

  r.post(
    '/app/quiz/:id/answer',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'answerQuizQuestion',
        summary: 'Answer a quiz question',
        description:
          'Answers a quiz question, once; a right answer credits its coins. Answers whether it was right and the correct option.',
        params: idParamsSchema,
        body: quizAnswerSchema,
        response: { 200: okEnvelope(quizAnswerResponseSchema), ...appFailures, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const result = await answerQuestion(db, {
        userId: authUserOf(request).id,
        quizId: request.params.id,
        option: request.body.option,
      });
      throwIfRefused(result);
      return {
        message: result.result.correct ? messages.quizAnswerCorrect : messages.quizAnswerWrong,
        body: result.result,
      };
    },
  );

  r.post(
    '/app/giftbox/:id/open',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'openGiftBox',
        summary: 'Open a gift box',
        description:
          "Opens a gift box from within GIFTBOX_RADIUS_M metres of it (a server setting; the phone's position is in the body), once the config's steps are walked today and its boxes per day are not used up; credits the box's coins.",
        params: idParamsSchema,
        body: giftBoxOpenSchema,
        response: {
          200: okEnvelope(giftBoxOpenResponseSchema),
          ...appFailures,
          404: failure,
          409: failure,
          410: failure,
        },
      },
    },
    async (request) => {
      const result = await openGiftBox(db, {
        userId: authUserOf(request).id,
        boxId: request.params.id,
        position: request.body,
        radiusM: opts.giftBoxRadiusM,
        now: new Date(),
      });
      throwIfRefused(result);
      return { message: messages.giftBoxOpened, body: result.result };
    },
  );

  r.post(
    '/app/giftcard/:id/redeem',
    {
      onRequest: app.requireAppUser,
      schema: {
        ...appCall,
        operationId: 'redeemGiftCard',
        summary: 'Redeem a gift card',
        description:
          "Redeems a gift card for its price in coins: it becomes the caller's and its expiry duration starts. Refused (403) until the caller has verified their e-mail address.",
        params: idParamsSchema,
        response: { 200: okEnvelope(redeemResponseSchema), ...appFailures, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const result = await redeemGiftCard(db, {
        userId: authUserOf(request).id,
        cardId: request.params.id,
        now: new Date(),
      });
      throwIfRefused(result);
      return { message: messages.giftCardRedeemed, body: result.result };
    },
  );
}
