// Stack traces of the compiled server that name its TypeScript sources (apps/api/src/...), with
// the source maps read only when a stack trace is written.
//
// `process.setSourceMapsEnabled(true)` does the same mapping, but Node 20 reads and parses every
// loaded module's .map file (and splits the module's text into lines) as the module loads: about
// 50 ms of every `npm start` for maps that a healthy server never reads
// (docs/decisions/0020-start-up.md). Here V8's own `Error.prepareStackTrace` hook writes the
// trace, frame by frame as V8 would, and a frame in a file under `dir` that has a `<file>.map`
// beside it gets its place in the source instead: that map is read the first time one of its
// frames is written, then kept. A map that cannot be read or parsed leaves its frames as they were.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Installs the hook for the compiled files under `dir` (an absolute folder). */
export function mapStackTraces(dir) {
  const prefix = path.resolve(dir) + path.sep;
  /** @type {Map<string, { map: SourceMap, url: URL } | null>} */
  const maps = new Map();

  const mapOf = (file) => {
    if (!maps.has(file)) {
      let found = null;
      try {
        const mapFile = `${file}.map`;
        found = { map: new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))), url: pathToFileURL(mapFile) };
      } catch {
        // no map, or not one: the frame stays as compiled
      }
      maps.set(file, found);
    }
    return maps.get(file);
  };

  const frameText = (frame) => {
    const text = String(frame);
    const name = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if (!name || !line || !column) return text;
    const file = name.startsWith('file:') ? fileURLToPath(name) : name;
    if (!file.startsWith(prefix)) return text;
    const found = mapOf(file);
    const entry = found?.map.findEntry(line - 1, column - 1);
    if (!entry?.originalSource) return text;
    const source = new URL(entry.originalSource, found.url);
    const where = `${source.protocol === 'file:' ? fileURLToPath(source) : source.href}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    const compiled = `${name}:${line}:${column}`;
    return text.includes(compiled) ? text.replace(compiled, where) : text;
  };

  Error.prepareStackTrace = (error, frames) => {
    let head;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = '<error>';
    }
    const at = (frame) => {
      try {
        return frameText(frame);
      } catch {
        return String(frame);
      }
    };
    return head + frames.map((frame) => `\n    at ${at(frame)}`).join('');
  };
}
