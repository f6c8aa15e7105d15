import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

// docs/architecture.md "Noise is a failure": an unexpected console.error or console.warn fails the test (or,
// from a beforeAll/afterAll, the file). A test that expects one spies on it with vi.spyOn.
const noise: string[] = [];
for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    noise.push(`console.${level}: ${format(...args)}`);
    original(...args);
  };
}

function failOnNoise() {
  if (noise.length === 0) return;
  const lines = noise.splice(0);
  throw new Error(`Unexpected console output:\n${lines.join('\n')}`);
}

afterEach(failOnNoise);
afterAll(failOnNoise);
