import { vi, type MockInstance } from 'vitest';

/**
 * docs/architecture.md "Noise is a failure": every console.error and console.warn of a test is recorded, and
 * the test fails unless it declared that message with `expectConsole` beforehand. A declared
 * message is also an assertion: when it was never logged, the test fails too.
 */
type Level = 'error' | 'warn';
interface Expectation {
  level: Level;
  pattern: string | RegExp;
  seen: number;
}

let expectations: Expectation[] = [];
const spies: Partial<Record<Level, MockInstance<(...args: unknown[]) => void>>> = {};

/** Declares that this test logs, at `level`, a message containing (or matching) `pattern`. */
export function expectConsole(level: Level, pattern: string | RegExp) {
  expectations.push({ level, pattern, seen: 0 });
}

function describeArg(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
  try {
    return JSON.stringify(arg) ?? String(arg);
  } catch {
    return String(arg);
  }
}

export function startConsoleWatch() {
  expectations = [];
  for (const level of ['error', 'warn'] as const) {
    spies[level] = vi.spyOn(console, level).mockImplementation(() => undefined);
  }
}

/** Restores the console and throws when the test was noisy or a declared message never came. */
export function finishConsoleWatch() {
  const problems: string[] = [];
  for (const level of ['error', 'warn'] as const) {
    const spy = spies[level];
    if (!spy) continue;
    for (const args of spy.mock.calls) {
      const text = args.map(describeArg).join(' ');
      const match = expectations.find(
        (e) => e.level === level && (typeof e.pattern === 'string' ? text.includes(e.pattern) : e.pattern.test(text)),
      );
      if (match) match.seen++;
      else problems.push(`unexpected console.${level}: ${text}`);
    }
    spy.mockRestore();
    delete spies[level];
  }
  for (const e of expectations) {
    if (e.seen === 0) problems.push(`expected a console.${e.level} matching ${String(e.pattern)}, none came`);
  }
  expectations = [];
  if (problems.length > 0)
    throw new Error(`Console noise is a failure (docs/architecture.md):\n${problems.join('\n')}`);
}
