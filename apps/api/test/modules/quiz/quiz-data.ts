import type { CreateQuiz } from '@strideadmin/contract';

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
