import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkDeletedMessage,
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  createdIdSchema,
  createQuizSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  listQuizQuerySchema,
  limits,
  listResponse,
  messages,
  okEnvelope,
  quizQuestionSchema,
  selectAllIdsResultSchema,
  updateQuizSchema,
} from '@strideadmin/contract';
import type { Database, Db } from '../../db/client.js';
import { csvFileResponse, sendCsv } from '../../plugins/csv-reply.js';
import { auditContextOf, recordExport } from '../audit/index.js';
import { exportQuizQuestions } from './export.js';
import { HttpError, throwIfRefused } from '../../plugins/errors.js';
import {
  bulkDeleteQuizQuestions,
  createQuizQuestion,
  deleteQuizQuestion,
  getQuizQuestion,
  listQuizQuestionIds,
  listQuizQuestions,
  updateQuizQuestion,
} from './service.js';

const failure = errorEnvelopeSchema;
/** What every admin call may answer besides its success: bad input, no token, not an admin. */
const adminFailures = { 400: failure, 401: failure, 403: failure } as const;
const admin = { tags: ['quiz'], security: [{ bearer: [] }] };

/** The quiz questions of /quiz-list, /add-quiz and /update-quiz (docs/behaviour.md §10 and §11). */
export async function quizRoutes(app: FastifyInstance, opts: { db: Db; database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/quiz/export',
    {
      // A HEAD of a file would run the export (and write its audit entry) for nothing.
      exposeHeadRoute: false,
      onRequest: app.requirePermission('quiz:read'),
      schema: {
        ...admin,
        operationId: 'exportQuizQuestions',
        summary: 'Export quiz questions as CSV',
        description:
          "Every quiz question the list's filters match, in the list's sort, as a CSV file (streamed, with cells made safe for spreadsheets); page and limit are ignored.",
        querystring: listQuizQuerySchema,
        response: { 200: csvFileResponse, ...adminFailures },
      },
    },
    async (request, reply) => {
      await recordExport(db, auditContextOf(request), 'quiz', request.query);
      return sendCsv(reply, exportQuizQuestions(opts.database, request.query));
    },
  );

  r.get(
    '/quiz',
    {
      onRequest: app.requirePermission('quiz:read'),
      schema: {
        ...admin,
        operationId: 'listQuizQuestions',
        summary: 'List quiz questions',
        description:
          'A page of quiz questions, filtered by question (contains, any case) and language, with the filtered count.',
        querystring: listQuizQuerySchema,
        response: { 200: okEnvelope(listResponse(quizQuestionSchema)), ...adminFailures },
      },
    },
    async (request) => ({ body: await listQuizQuestions(db, request.query) }),
  );

  r.get(
    '/quiz/:id',
    {
      onRequest: app.requirePermission('quiz:read'),
      schema: {
        ...admin,
        operationId: 'getQuizQuestion',
        summary: 'Get a quiz question',
        description: 'One quiz question, with its correct option.',
        params: idParamsSchema,
        response: { 200: okEnvelope(quizQuestionSchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const question = await getQuizQuestion(db, request.params.id);
      if (!question) throw new HttpError(404, messages.quizNotFound);
      return { body: question };
    },
  );

  r.post(
    '/quiz',
    {
      onRequest: app.requirePermission('quiz:write'),
      schema: {
        ...admin,
        operationId: 'createQuizQuestion',
        summary: 'Add a quiz question',
        description: 'Adds a quiz question: four different options, the correct one, its language and coins.',
        body: createQuizSchema,
        response: { 200: okEnvelope(createdIdSchema), ...adminFailures },
      },
    },
    async (request) => ({
      message: messages.quizCreated,
      body: await createQuizQuestion(db, auditContextOf(request), request.body),
    }),
  );

  r.put(
    '/quiz',
    {
      onRequest: app.requirePermission('quiz:write'),
      schema: {
        ...admin,
        operationId: 'updateQuizQuestion',
        summary: 'Update a quiz question',
        description:
          'Updates the quiz question `updateId` (its id in the body, as the other update calls take it) and answers the question as stored.',
        body: updateQuizSchema,
        response: { 200: okEnvelope(quizQuestionSchema), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await updateQuizQuestion(db, auditContextOf(request), request.body);
      throwIfRefused(result);
      return { message: messages.quizUpdated, body: result.question };
    },
  );

  r.delete(
    '/quiz/:id',
    {
      onRequest: app.requirePermission('quiz:write'),
      schema: {
        ...admin,
        operationId: 'deleteQuizQuestion',
        summary: 'Delete a quiz question',
        description: 'Deletes a quiz question.',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.null()), ...adminFailures, 404: failure },
      },
    },
    async (request) => {
      const result = await deleteQuizQuestion(db, auditContextOf(request), request.params.id);
      throwIfRefused(result);
      return { message: messages.quizDeleted, body: null };
    },
  );

  // ---- Bulk delete and "select all matching" (docs/behaviour.md §12). Static paths: find-my-way
  // matches them before /quiz/:id, so 'ids' and 'bulk-delete' are never taken for an id. ----

  r.post(
    '/quiz/bulk-delete',
    {
      onRequest: app.requirePermission('quiz:write'),
      schema: {
        ...admin,
        operationId: 'bulkDeleteQuizQuestions',
        summary: 'Delete many quiz questions',
        description:
          'Deletes many quiz questions in one transaction: an id not found is refused with its message, the rest are deleted.',
        body: bulkDeleteSchema,
        response: { 200: okEnvelope(bulkDeleteResultSchema), ...adminFailures },
      },
    },
    async (request) => {
      const result = await bulkDeleteQuizQuestions(db, auditContextOf(request), request.body.ids);
      return { message: bulkDeletedMessage('quiz', result.deleted.length, result.refused.length), body: result };
    },
  );

  r.get(
    '/quiz/ids',
    {
      onRequest: app.requirePermission('quiz:read'),
      schema: {
        ...admin,
        operationId: 'listQuizQuestionIds',
        summary: 'Ids of the matching quiz questions',
        description: `The ids of every quiz question the list's filters match, in the list's order (page and limit are ignored), at most ${limits.selectAllMax.toLocaleString('en-US')}.`,
        querystring: listQuizQuerySchema,
        response: { 200: okEnvelope(selectAllIdsResultSchema), ...adminFailures },
      },
    },
    async (request) => ({ body: await listQuizQuestionIds(db, request.query) }),
  );
}
