import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';
import { languages, quizOptionNumbers } from '../options.js';
import { listQueryBase } from './common.js';
import { idField, nonNegativeNumber } from './fields.js';

/** A quiz question as the API answers it (docs/behaviour.md §11). */
export const quizQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  option1: z.string(),
  option2: z.string(),
  option3: z.string(),
  option4: z.string(),
  correctOption: z.number().int().min(1).max(4),
  language: z.enum(languages),
  coins: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: ifMissing(message) })
    .trim()
    .min(1, { message, abort: true })
    .max(max, `At most ${max} characters.`);

/** The fields of POST /quiz and PUT /quiz (docs/behaviour.md §10), with the form's messages. */
export const quizFields = {
  question: requiredText(messages.questionRequired, limits.quizQuestionMax),
  option1: requiredText(messages.option1Required, limits.quizOptionMax),
  option2: requiredText(messages.option2Required, limits.quizOptionMax),
  option3: requiredText(messages.option3Required, limits.quizOptionMax),
  option4: requiredText(messages.option4Required, limits.quizOptionMax),
  correctOption: z
    .number({ error: ifMissing(messages.correctOptionRequired) })
    .int(messages.correctOptionRequired)
    .refine((n) => (quizOptionNumbers as readonly number[]).includes(n), messages.correctOptionRequired),
  language: z.enum(languages, { error: messages.languageRequired }),
  coins: nonNegativeNumber(limits.int32Max, { integer: true, required: messages.coinsRequired }),
  isActive: z.boolean().default(true),
};

type OptionKey = 'option1' | 'option2' | 'option3' | 'option4';
const optionKeys: OptionKey[] = ['option1', 'option2', 'option3', 'option4'];

/** Four options that read the same (any case, outer spaces) make a question nobody can answer well. */
function optionsDiffer(v: Record<OptionKey, string>, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const key of optionKeys) {
    const text = v[key].trim().toLowerCase();
    if (text === '') continue;
    if (seen.has(text)) ctx.addIssue({ code: 'custom', path: [key], message: messages.optionsMustDiffer });
    seen.add(text);
  }
}

export const createQuizSchema = z.object(quizFields).superRefine(optionsDiffer);
export type CreateQuizInput = z.input<typeof createQuizSchema>;
export type CreateQuiz = z.output<typeof createQuizSchema>;

export const updateQuizSchema = z.object({ updateId: idField, ...quizFields }).superRefine(optionsDiffer);
export type UpdateQuizInput = z.input<typeof updateQuizSchema>;
export type UpdateQuiz = z.output<typeof updateQuizSchema>;

/** GET /quiz: filter `question` (docs/behaviour.md §2) and `language` (§10). */
export const quizSortColumns = ['id', 'question', 'language', 'coins', 'isActive', 'createdAt'] as const;
export const listQuizQuerySchema = z.object({
  ...listQueryBase,
  sort: z.enum(quizSortColumns).default('createdAt'),
  question: z.string().trim().max(255).optional(),
  language: z.enum(languages).optional(),
});
export type ListQuizQuery = z.input<typeof listQuizQuerySchema>;
