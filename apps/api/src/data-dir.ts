import { readFileSync, rmSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (password hashes, in its tables and its WAL), the JWT
 * secret, the first administrator's password, e-mails with account links, and uploads: owner-only
 * (folders 0700, files 0600). See docs/operations/data-at-rest.md.
 */

/** What secureDataDir reports through; a Fastify/pino logger fits. */
export interface DataDirLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** One pino-shaped JSON line on stderr: the server's logger does not exist yet at this point. */
export const stderrLog: DataDirLog = {
  warn(obj, msg) {
    process.stderr.write(JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, ...obj, msg }) + '\n');
  },
};

export interface Tightened {
  path: string;
  from: string;
  to: string;
}

export interface TreeReport {
  /** Entries that were group/other-accessible and are owner-only now. */
  tightened: Tightened[];
  /** Group/other-accessible entries this process could not change (not its owner, or EPERM). */
  untouched: { path: string; mode: string; owner: number; reason: string }[];
}

const octal = (mode: number) => '0' + (mode & 0o7777).toString(8).padStart(3, '0');

/**
 * Every folder and file under (and including) `dir` that group or others may access loses those
 * bits when this process owns it. Symbolic links are neither followed nor changed.
 */
export async function tightenTree(dir: string): Promise<TreeReport> {
  const report: TreeReport = { tightened: [], untouched: [] };
  const visit = async (p: string): Promise<void> => {
    let info;
    try {
      info = await lstat(p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile
      throw err;
    }
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0) {
      const to = info.mode & 0o7700;
      try {
        await chmod(p, to);
        report.tightened.push({ path: p, from: octal(info.mode), to: octal(to) });
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        const reason = code === 'EPERM' ? `owned by uid ${info.uid}, not by this process` : (code ?? String(err));
        report.untouched.push({ path: p, mode: octal(info.mode), owner: info.uid, reason });
      }
    }
    if (info.isDirectory()) {
      let names: string[];
      try {
        names = await readdir(p);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return;
        if (code === 'EACCES') {
          report.untouched.push({ path: p, mode: octal(info.mode), owner: info.uid, reason: 'not readable' });
          return;
        }
        throw err;
      }
      for (const name of names) await visit(path.join(p, name));
    }
  };
  await visit(dir);
  return report;
}

const shown = 5;

/**
 * Start-up, before anything is written: from now on this process creates owner-only files
 * (umask 077); DATA_DIR exists as 0700; whatever in it group or others could reach is tightened,
 * with one warning saying what changed, and one naming each entry that could not be changed.
 */
export async function secureDataDir(dir: string, log: DataDirLog = stderrLog): Promise<TreeReport> {
  process.umask(0o077);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const report = await tightenTree(dir);
  if (report.tightened.length > 0) {
    const n = report.tightened.length;
    log.warn(
      {
        dataDir: dir,
        tightened: n,
        changes: report.tightened.slice(0, shown).map((t) => `${t.path} ${t.from} -> ${t.to}`),
      },
      `DATA_DIR was open to other local users: made ${n} ${n === 1 ? 'entry' : 'entries'} owner-only ` +
        `(folders 0700, files 0600), e.g. ${report.tightened
          .slice(0, 2)
          .map((t) => `${t.path} ${t.from} -> ${t.to}`)
          .join(', ')}`,
    );
  }
  for (const u of report.untouched.slice(0, 20)) {
    log.warn(
      { path: u.path, mode: u.mode, owner: u.owner, reason: u.reason },
      `${u.path} is accessible to other local users (mode ${u.mode}) and could not be made owner-only ` +
        `(${u.reason}): run \`chmod go-rwx '${u.path}'\` as its owner (uid ${u.owner})`,
    );
  }
  if (report.untouched.length > 20) {
    log.warn(
      { dataDir: dir, more: report.untouched.length - 20 },
      `${report.untouched.length - 20} more entries under ${dir} are accessible to other local users: run \`chmod -R go-rwx '${dir}'\` as their owner`,
    );
  }
  return report;
}

/** The file a running server keeps in DATA_DIR: its process id. */
export const serverPidFile = (dir: string) => path.join(dir, 'server.pid');

/**
 * The server marks DATA_DIR as in use (DATA_DIR/server.pid, removed when it exits), so that
 * `npm run backup`, `npm run restore` and the like can say so instead of opening the embedded
 * database a second time (PGlite is one process at a time; its own postmaster.pid holds no pid).
 */
export async function claimDataDir(dir: string): Promise<void> {
  const file = serverPidFile(dir);
  await writeFile(file, `${process.pid}\n`, { mode: 0o600 });
  // 'exit' listeners run synchronously. Only ours is removed: another server may hold it now.
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // gone already
    }
  });
}

/**
 * The process id of a live server holding `dir` (DATA_DIR/server.pid names a running process), or
 * undefined. A file left behind by a killed server names a process that no longer exists, or one
 * that is not Node.js (checked through /proc where there is one).
 */
export async function dataDirHolder(dir: string): Promise<number | undefined> {
  let text: string;
  try {
    text = (await readFile(serverPidFile(dir), 'utf8')).trim();
  } catch {
    return undefined;
  }
  if (!/^\d+$/.test(text)) return undefined;
  const pid = Number(text);
  if (pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined; // ESRCH: gone
  }
  try {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    if (!/node|tsx|strideadmin/i.test(cmdline)) return undefined; // the pid was reused
  } catch {
    // no /proc (macOS) or not ours to read: trust kill(pid, 0)
  }
  return pid;
}

/** Removes a stale DATA_DIR/server.pid (for tests and tools that found no live holder). */
export async function releaseDataDir(dir: string): Promise<void> {
  await rm(serverPidFile(dir), { force: true });
}
