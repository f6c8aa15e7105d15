import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary directory, its own port and
 * socket directory), for what must never be done to the shared server: stopping it, starting it
 * again. Trust authentication on 127.0.0.1 only; fsync off (throw-away data).
 *
 * initdb refuses to run as root: as root the cluster runs as the `postgres` account (runuser).
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m fast`: sessions are ended (57P01), new connections refused; waits until down. */
  stop(): Promise<void>;
  /** `pg_ctl start`; waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it (immediate) and removes its files. */
  destroy(): Promise<void>;
}

interface Toolchain {
  bin: string;
  /** The command prefix that runs a PostgreSQL binary as a non-root user (empty when not root). */
  as: string[];
  owner?: { uid: number; gid: number };
}

function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

let toolchain: Promise<Toolchain | string> | undefined;

/** What a private cluster needs, or why this machine cannot run one. */
export function privatePostgresToolchain(): Promise<Toolchain | string> {
  toolchain ??= (async () => {
    const bin = findBinDir();
    if (!bin) return 'no initdb found (under /usr/lib/postgresql/*/bin or on PATH)';
    if (process.getuid?.() !== 0) return { bin, as: [] };
    // initdb and postgres refuse root: run them as the postgres account, if there is one.
    try {
      const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
      await run('runuser', ['-u', 'postgres', '--', 'true']);
      return {
        bin,
        as: ['runuser', '-u', 'postgres', '--'],
        owner: { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) },
      };
    } catch {
      return 'running as root, and there is no postgres account to run initdb as (runuser -u postgres failed)';
    }
  })();
  return toolchain;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const tools = await privatePostgresToolchain();
  if (typeof tools === 'string') throw new Error(`no private PostgreSQL cluster: ${tools}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-pg-'));
  if (tools.owner) await chown(dir, tools.owner.uid, tools.owner.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const exec = async (program: string, args: string[]) => {
    const [cmd, ...rest] = [...tools.as, path.join(tools.bin, program), ...args];
    await run(cmd!, rest, { cwd: dir });
  };
  const pgCtl = (...args: string[]) => exec('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), ...args]);
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=16MB',
  ].join(' ');
  const start = () => pgCtl('-o', options, '-w', '-t', '60', 'start');
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtl('-m', 'fast', '-w', '-t', '60', 'stop'),
    start,
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {}); // already stopped is fine
      await rm(dir, { recursive: true, force: true });
    },
  };
}
