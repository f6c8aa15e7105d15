import type { CreateQuiz } from '@strideadmin/contract';
import type { Db } from '../../../src/db/client.js';
import { quizQuestions } from '../../../src/db/schema.js';

let sequence = 0;

/** A valid POST /quiz body with a fresh question text. */
export function validQuiz(overrides: Partial<CreateQuiz> = {}): CreateQuiz {
  sequence += 1;
  return {
    question: `How many steps make a kilometre? (${sequence})`,
    option1: 'About 100',
    option2: 'About 1300',
    option3: 'About 10000',
    option4: 'About 50000',
    correctOption: 2,
    language: 'en',
    coins: 10,
    isActive: true,
    ...overrides,
  };
}

/** A question put straight into the table (a chosen createdAt, say). Answers its id. */
export async function insertQuiz(db: Db, values: Partial<typeof quizQuestions.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(quizQuestions)
    .values({ ...validQuiz(), ...values })
    .returning({ id: quizQuestions.id });
  return row!.id;
}
