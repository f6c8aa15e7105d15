// The portal's chunks for the first screens a browser opens (docs/decisions/0019-portal-loading.md).
// Left to itself the bundler makes one chunk per combination of lazy screens that share a module,
// so opening / signed in fetched some thirty small files, six at a time over HTTP/1.1, each with
// its own headers. Here the modules a first screen needs are grouped by which first screens need
// them (reachability by static imports from each entry and each screen's lazy module):
//   base    - what every page runs: what the portal's entry (main.tsx) shares with login.html's
//             (sign-in.tsx: the sign-in screen without the router), i.e. Preact and its compat
//             layer, the session, the toasts, and what the sign-in screen shares with the signed-in
//             screens (button, API client...);
//   portal  - the rest of what main.tsx imports (React Router, the routes, the app root), which
//             login.html loads once the administrator types (app/boot.tsx);
//   login   - the sign-in screen's own code (the form parts) - /login;
//   query   - TanStack Query and its client (the route layout of every screen but /login), and
//             what of the contract the first signed-in screens import (messages, option lists);
//   shell   - the signed-in frame: the shell layout and what Home shares with other screens;
//   dashboard-page - the dashboard screen (Home) and what only it uses (the screen's own name, as
//             every other screen's chunk); modules other screens share keep the bundler's chunks.
// main.tsx itself stays its entry's own; every other screen keeps the bundler's own chunks (loaded
// with it, beside these groups when it uses their modules). The bundler's runtime (its helpers
// for namespace objects) is a file of its own (0.9 KB): a group cannot take it.
import path from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';

/**
 * Reachability is read before tree-shaking, so the contract's barrel (packages/contract/src/index.ts,
 * which names every message, schema and option list) is followed name by name: a module that
 * imports `{ coreMessages, limits }` from it reaches core-messages.ts and limits.ts, not every
 * module of the contract (else the entry, which imports the barrel, would count every schema as
 * its own). zod and the contract's schemas and option lists are loaded lazily by design
 * (lib/session.ts loads the stored-session check when the page is idle, the sign-in screen its
 * rules on the first validation), so they are never counted as the entry's or the sign-in
 * screen's; the contract's modules the first signed-in screens import statically (the messages,
 * the option lists) go in `query`, which every screen but /login loads. zod and the schemas reach
 * none of the first screens statically: the bundler gives them chunks of their own, fetched by the
 * first form or list screen, or by the idle session check (Home draws without them). The schemas
 * import the messages, so the two must sit in one chunk or in chunks that do not import each other
 * (`query` imports no schema). The contract's zod.ts (which configures zod when first evaluated)
 * must go with zod: in a chunk of its own it imported zod's chunk while that chunk imported it
 * back, and ran its configuration before zod was initialised - every signed-in screen then failed
 * to load.
 */
const lazyOnly =
  /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/](?:schemas[\\/]|options\.ts$|zod\.ts$)/;
const contract = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const contractBarrel = /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/;

type ModuleInfoLike = {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  exports: readonly string[];
} | null;
type Ctx = { getModuleInfo(id: string): ModuleInfoLike };

/**
 * The names a module's code imports (or re-exports) from the contract's barrel; null when it takes
 * the whole barrel (a namespace import) or none can be read.
 */
export function contractNames(code: string): string[] | null {
  const names: string[] = [];
  const statements = code.matchAll(/\b(import|export)\s*(type\s+)?([^;]*?)\s*from\s*["']@strideadmin\/contract["']/g);
  for (const [, , typeOnly, clause] of statements) {
    if (typeOnly) continue;
    const braces = /\{([^}]*)\}/.exec(clause!);
    if (!braces || /\*/.test(clause!.replace(braces[0], ''))) return null;
    for (const part of braces[1]!.split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

export function chunkGroups(src: string): CodeSplittingGroup[] {
  const file = (p: string) => path.join(src, p);
  const roots = {
    entry: [file('main.tsx')],
    signIn: [file('sign-in.tsx')],
    login: [file('features/auth/login-page.tsx')],
    query: [file('app/query-layer.tsx')],
    shell: [file('app/shell/layout.tsx')],
    home: [file('features/dashboard/dashboard-page.tsx')],
  };
  let reach: Record<keyof typeof roots | 'others' | 'account', Set<string>> | undefined;
  /** A module's static imports, the contract's barrel replaced by the modules of the names taken. */
  const importsOf = (ctx: Ctx, id: string, info: NonNullable<ModuleInfoLike>): string[] => {
    const barrel = info.importedIds.find((t) => contractBarrel.test(t));
    if (!barrel || contractBarrel.test(id) || info.code === null) return [...info.importedIds];
    const names = contractNames(info.code);
    if (!names) return [...info.importedIds];
    const parts = ctx.getModuleInfo(barrel)?.importedIds ?? [];
    const providers = names.map((n) => parts.find((p) => ctx.getModuleInfo(p)?.exports.includes(n)) ?? barrel);
    return [...info.importedIds.filter((t) => t !== barrel), ...providers];
  };
  const closure = (ctx: Ctx, starts: string[]) => {
    const seen = new Set<string>();
    const todo = [...starts];
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      todo.push(...importsOf(ctx, id, info));
    }
    return seen;
  };
  const name = (id: string, ctx: Ctx): string | null => {
    const lazyScreens = ctx.getModuleInfo(file('app/router.tsx'))?.dynamicallyImportedIds ?? [];
    reach ??= {
      entry: closure(ctx, roots.entry),
      signIn: closure(ctx, roots.signIn),
      login: closure(ctx, roots.login),
      query: closure(ctx, roots.query),
      shell: closure(ctx, roots.shell),
      home: closure(ctx, roots.home),
      // The other screens (the router's lazy modules), whose shared modules keep their own chunks.
      others: closure(
        ctx,
        lazyScreens.filter((id) => ![...roots.query, ...roots.shell, ...roots.home, ...roots.login].includes(id)),
      ),
      // The signed-out screens under `query` (forgot and reset password, verify account): no shell.
      account: closure(
        ctx,
        lazyScreens.filter((id) => /[\\/]features[\\/]account[\\/]/.test(id)),
      ),
    };
    if (!lazyOnly.test(id) && reach.entry.has(id)) {
      if (roots.entry.includes(id)) return null;
      return reach.signIn.has(id) ? 'base' : 'portal';
    }
    // The sign-in screen loads its rules on its first validation (features/auth/login-schema).
    const login = reach.login.has(id) && !lazyOnly.test(id);
    const signedIn = reach.query.has(id) || reach.shell.has(id) || reach.home.has(id);
    if ((contract.test(id) || lazyOnly.test(id)) && !login) return signedIn ? 'query' : null;
    if (login && signedIn) return 'base';
    if (login) return 'login';
    if (reach.query.has(id)) return 'query';
    if (reach.shell.has(id)) return 'shell';
    if (reach.home.has(id) && !reach.others.has(id)) return 'dashboard-page';
    // What the dashboard shares with other screens of the shell (the page header, the select, the
    // error panel, the formatters): each of these small modules was a file of its own, one more
    // request (and its headers) before Home; every screen of the shell loads `shell` anyway.
    if (reach.home.has(id) && !reach.account.has(id)) return 'shell';
    return null;
  };
  return [{ name, debugName: 'first screens', includeDependenciesRecursively: false }];
}
