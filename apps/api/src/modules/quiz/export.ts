import { sql } from 'drizzle-orm';
import { languageOptions } from '@strideadmin/contract';
import type { Database } from '../../db/client.js';
import { csvBoolean, csvDownload, csvLabel, csvNumber, csvText, csvTimestamp } from '../../db/csv-export.js';
import { quizQuestions } from '../../db/schema.js';
import { type ListQuizQuery, quizSortColumnOf, quizWhere } from './service.js';

/** GET /quiz/export: the Quiz list's columns (docs/behaviour.md §12). */
export function exportQuizQuestions(database: Database, query: ListQuizQuery, now = new Date()) {
  return csvDownload(
    database,
    {
      name: 'quiz',
      columns: [
        ['ID', csvNumber(quizQuestions.id)],
        ['Question', csvText(quizQuestions.question)],
        ['Language', csvLabel(quizQuestions.language, languageOptions)],
        ['Correct Option', csvNumber(quizQuestions.correctOption)],
        ['Coins', csvNumber(quizQuestions.coins)],
        ['Status', csvBoolean(quizQuestions.isActive, 'Active', 'Inactive')],
        ['Created', csvTimestamp(quizQuestions.createdAt)],
      ],
      from: sql`${quizQuestions}`,
      where: quizWhere(query),
      order: { column: quizSortColumnOf[query.sort], id: quizQuestions.id, direction: query.order },
    },
    now,
  );
}
