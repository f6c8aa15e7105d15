// The portal's chunks for the first screens a browser opens (docs/decisions/0019-portal-loading.md).
// Left to itself the bundler makes one chunk per combination of lazy screens that share a module,
// so opening / signed in fetched some thirty small files, six at a time over HTTP/1.1, each with
// its own headers. Here the modules a first screen needs are grouped by which first screens need
// them (reachability by static imports from each screen's lazy module):
//   login   - the sign-in screen's own code (react-hook-form, the form parts) - /login;
//   common  - what the sign-in screen shares with the signed-in shell (button, API client...);
//   query   - TanStack Query and its client (the route layout of every screen but /login);
//   shell   - the signed-in frame: the shell layout, dialogs, the stored-session check (zod and
//             the contract's schemas);
//   dashboard-page - the dashboard screen (Home) and what only it uses (the screen's own name, as
//             every other screen's chunk); modules other screens share keep the bundler's chunks.
// Modules the entry (main.tsx) imports stay in the entry; every other screen keeps the bundler's
// own chunks (loaded with it, beside these groups when it uses their modules).
import path from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';

/**
 * Reachability is read before tree-shaking: the entry imports the contract's barrel, which names
 * every schema, yet keeps only messages, paths, limits and permissions. zod and the contract's
 * schemas and option lists are loaded lazily by design (lib/session.ts loads the stored-session
 * check on demand, the sign-in screen its rules on the first validation), so they are never
 * counted as the entry's or the sign-in screen's. The contract's zod.ts (which configures zod when
 * first evaluated) goes with zod: in a chunk of its own it imported zod's chunk while that chunk
 * imported it back, and ran its configuration before zod was initialised - every signed-in screen
 * then failed to load.
 */
const lazyOnly = /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/](?:schemas[\\/]|options\.ts$|zod\.ts$)/;

type ModuleInfoLike = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
type Ctx = { getModuleInfo(id: string): ModuleInfoLike };

export function chunkGroups(src: string): CodeSplittingGroup[] {
  const file = (p: string) => path.join(src, p);
  const roots = {
    entry: [file('main.tsx')],
    login: [file('features/auth/login-page.tsx')],
    query: [file('app/query-layer.tsx')],
    shell: [file('app/shell/layout.tsx'), file('lib/session-check.ts')],
    home: [file('features/dashboard/dashboard-page.tsx')],
  };
  let reach: Record<keyof typeof roots | 'others', Set<string>> | undefined;
  const closure = (ctx: Ctx, starts: string[]) => {
    const seen = new Set<string>();
    const todo = [...starts];
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      todo.push(...info.importedIds);
    }
    return seen;
  };
  const name = (id: string, ctx: Ctx): string | null => {
    reach ??= {
      entry: closure(ctx, roots.entry),
      login: closure(ctx, roots.login),
      query: closure(ctx, roots.query),
      shell: closure(ctx, roots.shell),
      home: closure(ctx, roots.home),
      // The other screens (the router's lazy modules), whose shared modules keep their own chunks.
      others: closure(
        ctx,
        (ctx.getModuleInfo(file('app/router.tsx'))?.dynamicallyImportedIds ?? []).filter(
          (id) => ![...roots.query, ...roots.shell, ...roots.home, ...roots.login].includes(id),
        ),
      ),
    };
    if (lazyOnly.test(id) ? false : reach.entry.has(id)) return null;
    // The sign-in screen loads its rules on its first validation (features/auth/login-schema).
    const login = reach.login.has(id) && !lazyOnly.test(id);
    const signedIn = reach.query.has(id) || reach.shell.has(id) || reach.home.has(id);
    if (login && signedIn) return 'common';
    if (login) return 'login';
    if (reach.query.has(id)) return 'query';
    if (reach.shell.has(id)) return 'shell';
    if (reach.home.has(id) && !reach.others.has(id)) return 'dashboard-page';
    return null;
  };
  return [{ name, debugName: 'first screens', includeDependenciesRecursively: false }];
}
