import { describe, expect, it } from 'vitest';
import { findChunkCycle } from '../../build/chunk-cycles';

describe('findChunkCycle', () => {
  it('finds no cycle in a tree of static imports, nor in a diamond', () => {
    expect(
      findChunkCycle([
        { fileName: 'index.js', imports: ['react.js', 'common.js'] },
        { fileName: 'common.js', imports: ['react.js'] },
        { fileName: 'react.js', imports: [] },
        { fileName: 'query.js', imports: ['index.js', 'common.js'] },
      ]),
    ).toBeNull();
  });

  it('names the chunks of a cycle, however far round', () => {
    expect(
      findChunkCycle([
        { fileName: 'index.js', imports: ['react.js'] },
        { fileName: 'react.js', imports: [] },
        { fileName: 'query.js', imports: ['index.js', 'zod-config.js'] },
        { fileName: 'zod-config.js', imports: ['schemas.js'] },
        { fileName: 'schemas.js', imports: ['query.js'] },
      ]),
    ).toEqual(['query.js', 'zod-config.js', 'schemas.js', 'query.js']);
  });

  it('ignores imports of files that are not chunks of the build', () => {
    expect(findChunkCycle([{ fileName: 'a.js', imports: ['elsewhere.js'] }])).toBeNull();
  });
});
