import { expect } from 'vitest';

/** An operation of the OpenAPI document (/api/docs/json), as far as the docs tests read it. */
type Paths = Record<string, Record<string, { security?: unknown; tags?: string[]; responses: object } | undefined>>;

/**
 * Each call is in the OpenAPI document, with the bearer scheme, its tag and exactly the answers
 * listed (statuses sorted as strings).
 */
export function expectDocumented(
  paths: Paths,
  calls: Array<[path: string, method: string, statuses: string[]]>,
  tagOf: (path: string) => string,
): void {
  for (const [path, method, statuses] of calls) {
    const op = paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op!.security).toEqual([{ bearer: [] }]);
    expect(op!.tags).toEqual([tagOf(path)]);
    expect(Object.keys(op!.responses).sort()).toEqual(statuses);
  }
}
