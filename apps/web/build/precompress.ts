// Precompressed siblings of the built portal's text files: x.js -> x.js.br (brotli, quality 11)
// and x.js.gz (gzip -9). The server sends the one the browser accepts (@fastify/static's
// preCompressed, apps/api/src/plugins/portal.ts), so no request pays for compressing a file that
// never changes. See docs/operations/compression.md.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text formats. Images, fonts (woff2) and the like are compressed already. */
export const compressibleFile = /\.(?:m?js|css|html|svg|json|webmanifest|txt|map|xml)$/i;

export interface PrecompressOptions {
  /** Files smaller than this many bytes are left alone (headers would outweigh the saving). */
  threshold?: number;
}

export interface PrecompressResult {
  /** Files given siblings, relative to the directory. */
  files: string[];
  /** Bytes of those files, and of their .br and .gz siblings. */
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes a .br and a .gz beside every compressible file of `dir` of at least `threshold` bytes.
 * A sibling that would not be smaller than its file is not written (the server then sends the
 * file itself). Compressions run on libuv's thread pool, several at a time.
 */
export async function precompressDir(dir: string, { threshold = 1024 }: PrecompressOptions = {}) {
  const result: PrecompressResult = { files: [], bytes: 0, brBytes: 0, gzBytes: 0 };
  const candidates = (await filesUnder(dir)).filter((file) => compressibleFile.test(file));
  await Promise.all(
    candidates.map(async (file) => {
      if ((await stat(file)).size < threshold) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const writes: Array<Promise<void>> = [];
      if (br.length < bytes.length) writes.push(writeFile(`${file}.br`, br));
      if (gz.length < bytes.length) writes.push(writeFile(`${file}.gz`, gz));
      if (writes.length === 0) return;
      await Promise.all(writes);
      result.files.push(path.relative(dir, file).split(path.sep).join('/'));
      result.bytes += bytes.length;
      result.brBytes += br.length < bytes.length ? br.length : bytes.length;
      result.gzBytes += gz.length < bytes.length ? gz.length : bytes.length;
    }),
  );
  result.files.sort();
  return result;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Vite plugin: after `vite build` has written the output (public/ files included), precompresses it. */
export function precompress(options: PrecompressOptions = {}): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'strideadmin:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async writeBundle(output) {
      const started = performance.now();
      const result = await precompressDir(output.dir ?? outDir, options);
      log(
        `precompressed ${result.files.length} files: ${kb(result.bytes)} -> ${kb(result.brBytes)} br, ` +
          `${kb(result.gzBytes)} gzip (${Math.round(performance.now() - started)} ms)`,
      );
    },
  };
}
