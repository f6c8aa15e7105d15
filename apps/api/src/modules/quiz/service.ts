import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type BulkDeleteResult,
  type CreateQuiz,
  type ListResponse,
  type listQuizQuerySchema,
  messages,
  type QuizQuestion,
  type quizSortColumns,
  type SelectAllIdsResult,
  type UpdateQuiz,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { quizQuestions } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';
import { type Refusal, refuse } from '../../plugins/errors.js';
import { countUpTo } from '../../db/list.js';
import { bulkDeleteRows, matchingIds } from '../../db/bulk.js';
import { type AuditContext, auditChanges, recordAudit } from '../audit/index.js';

export type ListQuizQuery = z.output<typeof listQuizQuerySchema>;
type QuizRow = typeof quizQuestions.$inferSelect;

/** A quiz question as the API answers it (contract quizQuestionSchema): dates as ISO strings. */
export function toQuizQuestion(row: QuizRow): QuizQuestion {
  return {
    id: row.id,
    question: row.question,
    option1: row.option1,
    option2: row.option2,
    option3: row.option3,
    option4: row.option4,
    correctOption: row.correctOption,
    language: row.language,
    coins: row.coins,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const quizSortColumnOf = {
  id: quizQuestions.id,
  question: quizQuestions.question,
  language: quizQuestions.language,
  coins: quizQuestions.coins,
  isActive: quizQuestions.isActive,
  createdAt: quizQuestions.createdAt,
} satisfies Record<(typeof quizSortColumns)[number], AnyPgColumn>;

/** The filters of GET /quiz (and of its export). */
export function quizWhere(query: ListQuizQuery) {
  return and(
    query.question ? containsInsensitive(quizQuestions.question, query.question) : undefined,
    query.language ? eq(quizQuestions.language, query.language) : undefined,
  );
}

/** The filters and order of the quiz list (GET /quiz and GET /quiz/ids). */
function quizMatching(query: ListQuizQuery) {
  const direction = query.order === 'asc' ? asc : desc;
  return { where: quizWhere(query), orderBy: [direction(quizSortColumnOf[query.sort]), direction(quizQuestions.id)] };
}

/**
 * GET /quiz: one page of the filtered questions and the filtered total. `question` is a
 * case-insensitive "contains" (trigram-indexed), `language` exact. Ties on the sort column are
 * broken by id, so a question never shows on two pages.
 */
export async function listQuizQuestions(db: Db, query: ListQuizQuery): Promise<ListResponse<QuizQuestion>> {
  const { where, orderBy } = quizMatching(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(quizQuestions)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countUpTo(db, quizQuestions, where, query),
  ]);
  return { rows: rows.map(toQuizQuestion), ...total };
}

/** GET /quiz/{id}. */
export async function getQuizQuestion(db: Db, id: number): Promise<QuizQuestion | undefined> {
  const [row] = await db.select().from(quizQuestions).where(eq(quizQuestions.id, id));
  return row ? toQuizQuestion(row) : undefined;
}

/** POST /quiz. */
export async function createQuizQuestion(db: Db, audit: AuditContext, input: CreateQuiz): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(quizQuestions).values(input).returning({ id: quizQuestions.id });
    if (!row) throw new Error('insert returned no row');
    const changes = auditChanges(null, input);
    await recordAudit(tx, audit, { action: 'create', entity: 'quiz', entityId: row.id, changes });
    return { id: row.id };
  });
}

/** PUT /quiz: every field of `updateId`. */
export async function updateQuizQuestion(
  db: Db,
  audit: AuditContext,
  input: UpdateQuiz,
): Promise<{ ok: true; question: QuizQuestion } | Refusal> {
  const { updateId, ...fields } = input;
  const keys = Object.keys(fields) as Array<keyof typeof fields>;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(quizQuestions).where(eq(quizQuestions.id, updateId)).for('update');
    if (!before) return refuse(404, messages.quizNotFound);
    const [row] = await tx
      .update(quizQuestions)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(quizQuestions.id, updateId))
      .returning();
    if (!row) return refuse(404, messages.quizNotFound);
    const changes = auditChanges(
      Object.fromEntries(keys.map((k) => [k, before[k]])),
      Object.fromEntries(keys.map((k) => [k, row[k]])),
    );
    await recordAudit(tx, audit, { action: 'update', entity: 'quiz', entityId: updateId, changes });
    return { ok: true as const, question: toQuizQuestion(row) };
  });
}

/** DELETE /quiz/{id}. */
export async function deleteQuizQuestion(db: Db, audit: AuditContext, id: number): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(quizQuestions)
      .where(eq(quizQuestions.id, id))
      .returning({ question: quizQuestions.question, language: quizQuestions.language });
    if (!row) return refuse(404, messages.quizNotFound);
    await recordAudit(tx, audit, { action: 'delete', entity: 'quiz', entityId: id, changes: auditChanges(row, null) });
    return { ok: true as const };
  });
}

/** GET /quiz/ids: the ids of every question the list's filters match, in its order (docs/behaviour.md §12). */
export function listQuizQuestionIds(db: Db, query: ListQuizQuery): Promise<SelectAllIdsResult> {
  return matchingIds(db, { table: quizQuestions, id: quizQuestions.id, ...quizMatching(query) });
}

/** POST /quiz/bulk-delete: deleteQuizQuestion for many ids in one transaction (a missing one is not found). */
export function bulkDeleteQuizQuestions(
  db: Db,
  audit: AuditContext,
  ids: readonly number[],
): Promise<BulkDeleteResult> {
  return bulkDeleteRows(db, {
    table: quizQuestions,
    id: quizQuestions.id,
    ids,
    notFound: messages.quizNotFound,
    inTransaction: (tx, deleted) =>
      recordAudit(tx, audit, { action: 'bulk-delete', entity: 'quiz', entityIds: deleted }),
  });
}
