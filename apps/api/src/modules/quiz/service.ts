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

const sortColumns = {
  id: quizQuestions.id,
  question: quizQuestions.question,
  language: quizQuestions.language,
  coins: quizQuestions.coins,
  isActive: quizQuestions.isActive,
  createdAt: quizQuestions.createdAt,
} satisfies Record<(typeof quizSortColumns)[number], AnyPgColumn>;

/** The filters and order of the quiz list (GET /quiz and GET /quiz/ids). */
function quizMatching(query: ListQuizQuery) {
  const where = and(
    query.question ? containsInsensitive(quizQuestions.question, query.question) : undefined,
    query.language ? eq(quizQuestions.language, query.language) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  return { where, orderBy: [direction(sortColumns[query.sort]), direction(quizQuestions.id)] };
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
export async function createQuizQuestion(db: Db, input: CreateQuiz): Promise<{ id: number }> {
  const [row] = await db.insert(quizQuestions).values(input).returning({ id: quizQuestions.id });
  if (!row) throw new Error('insert returned no row');
  return { id: row.id };
}

/** PUT /quiz: every field of `updateId`. */
export async function updateQuizQuestion(
  db: Db,
  input: UpdateQuiz,
): Promise<{ ok: true; question: QuizQuestion } | Refusal> {
  const { updateId, ...fields } = input;
  const [row] = await db
    .update(quizQuestions)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(quizQuestions.id, updateId))
    .returning();
  return row ? { ok: true, question: toQuizQuestion(row) } : refuse(404, messages.quizNotFound);
}

/** DELETE /quiz/{id}. */
export async function deleteQuizQuestion(db: Db, id: number): Promise<{ ok: true } | Refusal> {
  const deleted = await db.delete(quizQuestions).where(eq(quizQuestions.id, id)).returning({ id: quizQuestions.id });
  return deleted.length > 0 ? { ok: true } : refuse(404, messages.quizNotFound);
}

/** GET /quiz/ids: the ids of every question the list's filters match, in its order (docs/behaviour.md §12). */
export function listQuizQuestionIds(db: Db, query: ListQuizQuery): Promise<SelectAllIdsResult> {
  return matchingIds(db, { table: quizQuestions, id: quizQuestions.id, ...quizMatching(query) });
}

/** POST /quiz/bulk-delete: deleteQuizQuestion for many ids in one transaction (a missing one is not found). */
export function bulkDeleteQuizQuestions(db: Db, ids: readonly number[]): Promise<BulkDeleteResult> {
  return bulkDeleteRows(db, { table: quizQuestions, id: quizQuestions.id, ids, notFound: messages.quizNotFound });
}
