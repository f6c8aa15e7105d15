// A build that fails when two of the portal's chunks import each other statically, however far
// round. A chunk's code runs after the chunks it imports; in a cycle one of them runs first and
// reads the other's bindings before they exist. The contract's zod.ts once sat in a chunk of its
// own that imported zod's chunk while that chunk imported it back: its configuration ran before
// zod was initialised and every signed-in screen failed to load, with nothing wrong in any
// source file (docs/decisions/0019-portal-loading.md). Dynamic imports (a screen loaded on
// demand) are not edges: they run after the importer.
import type { Plugin } from 'vite';

export interface ChunkImports {
  fileName: string;
  /** The chunks this one imports statically. */
  imports: readonly string[];
}

/** The first cycle of static imports among `chunks`, as file names (first = last), or null. */
export function findChunkCycle(chunks: readonly ChunkImports[]): string[] | null {
  const imports = new Map(chunks.map((c) => [c.fileName, c.imports]));
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (name: string): string[] | null => {
    if (onPath.has(name)) return [...path.slice(path.indexOf(name)), name];
    if (done.has(name)) return null;
    path.push(name);
    onPath.add(name);
    for (const next of imports.get(name) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(name);
    done.add(name);
    return null;
  };
  for (const { fileName } of chunks) {
    const cycle = visit(fileName);
    if (cycle) return cycle;
  }
  return null;
}

/** Fails the build on a cycle of static imports between output chunks. */
export function noChunkCycles(): Plugin {
  return {
    name: 'strideadmin:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
      const cycle = findChunkCycle(chunks);
      if (cycle)
        this.error(
          `chunks import each other: ${cycle.join(' -> ')}. One of them would run before the other is ` +
            'initialised; change the chunk groups (build/chunk-groups.ts) so these modules share a chunk.',
        );
    },
  };
}
