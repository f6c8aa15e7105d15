// The build's precompression (build/precompress.ts): which files get .br/.gz siblings, and that
// each sibling decodes to its file's exact bytes (the server sends siblings as they are).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { precompressDir } from '../../build/precompress';

const bigScript = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;
/** 4 KB of bytes that do not compress (a PRNG, so the test is the same every run). */
function noise(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let x = 2463534242;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

describe('precompressDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-precompress-'));
    await mkdir(path.join(dir, 'assets'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('writes .br and .gz beside text files of 1 KB and more, decoding to the same bytes', async () => {
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><title>portal</title>${'<p>padding</p>'.repeat(100)}`,
      'assets/index-abc.js': bigScript,
      'assets/index-abc.css': `.a{color:red}\n`.repeat(200),
      'assets/data.json': JSON.stringify({ rows: bigScript }),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
      'site.webmanifest': JSON.stringify({ name: 'StrideAdmin', padding: 'x'.repeat(2000) }),
      'theme-init.js': 'document.documentElement.dataset.theme = "light";\n', // under 1 KB
      'assets/photo.png': Buffer.alloc(8192, 0x41), // compressible bytes, but an image
      'assets/random.txt': noise(4096), // would not get smaller
    };
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);

    const result = await precompressDir(dir);

    const compressed = [
      'assets/data.json',
      'assets/index-abc.css',
      'assets/index-abc.js',
      'favicon.svg',
      'index.html',
      'site.webmanifest',
    ];
    expect(result.files).toEqual(compressed);
    for (const name of compressed) {
      const original = await readFile(path.join(dir, name));
      expect(brotliDecompressSync(await readFile(path.join(dir, `${name}.br`))).equals(original), name).toBe(true);
      expect(gunzipSync(await readFile(path.join(dir, `${name}.gz`))).equals(original), name).toBe(true);
    }
    const all = (await readdir(dir, { recursive: true })).map((f) => f.split(path.sep).join('/')).sort();
    expect(all.filter((f) => /\.(br|gz)$/.test(f))).toEqual(compressed.flatMap((f) => [`${f}.br`, `${f}.gz`]).sort());
    expect(result.brBytes).toBeLessThan(result.gzBytes);
    expect(result.gzBytes).toBeLessThan(result.bytes / 3);
  });

  test('uses brotli at its best quality and gzip -9 (the files are compressed once, sent many times)', async () => {
    await writeFile(path.join(dir, 'assets/index-abc.js'), bigScript);

    await precompressDir(dir);

    const { brotliCompressSync, constants, gzipSync } = await import('node:zlib');
    const br = await readFile(path.join(dir, 'assets/index-abc.js.br'));
    const gz = await readFile(path.join(dir, 'assets/index-abc.js.gz'));
    const best = brotliCompressSync(bigScript, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(br.equals(best)).toBe(true);
    expect(gz.equals(gzipSync(bigScript, { level: 9 }))).toBe(true);
  });

  test('a second run over the same directory leaves the siblings alone (no .br.gz)', async () => {
    await writeFile(path.join(dir, 'assets/index-abc.js'), bigScript);

    await precompressDir(dir);
    const again = await precompressDir(dir);

    expect(again.files).toEqual(['assets/index-abc.js']);
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual([
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
    ]);
  });
});
