import type * as fsPromises from 'node:fs/promises';

/**
 * A full or read-only disk cannot be made without privileges: with `failure.code` set, writing the
 * temporary upload file (opened with 'wx') fails as the real disk would. A test mocks
 * node:fs/promises with `failingFs` and sets `failure.code`. This module must not import
 * node:fs/promises itself (it would get the mock).
 */
export const failure: { code: string | null } = { code: null };

export function failingFs(fs: typeof fsPromises): typeof fsPromises {
  return {
    ...fs,
    open: async (...args: Parameters<typeof fs.open>) => {
      const file = await fs.open(...args);
      if (failure.code && args[1] === 'wx') {
        const code = failure.code;
        file.writeFile = () => Promise.reject(Object.assign(new Error(`${code}: simulated`), { code }));
      }
      return file;
    },
  };
}
