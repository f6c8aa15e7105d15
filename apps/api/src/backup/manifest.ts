import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** A mistake or a situation the operator can act on: one clear message, exit code 1, no stack. */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

/** Every member of an archive lives under this folder (a plain `tar xzf` spills nothing else). */
export const archiveRoot = 'strideadmin-backup';
export const manifestName = 'manifest.json';
export const dumpName = 'database.sql';
/** The secrets DATA_DIR may hold, kept under secrets/ in the archive. */
export const secretNames = ['jwt-secret', 'initial-admin-password'] as const;

export interface ManifestMember {
  /** Relative to archiveRoot, '/'-separated. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: 'strideadmin-backup';
  formatVersion: 1;
  app: { name: string; version: string };
  createdAt: string;
  database: {
    driver: 'pglite';
    /** SELECT version() of the database that was dumped. */
    server: string;
    dump: typeof dumpName;
    /** Rows per table ("schema.table"), counted in the same session as the dump. */
    tables: Record<string, number>;
  };
  storage: { driver: 'local' | 's3'; files: number; bytes: number };
  secrets: string[];
  /** Every other member of the archive, with its checksum. */
  members: ManifestMember[];
}

/**
 * A member path we write and accept back: '/'-separated names that start with a letter, digit or
 * underscore (no '.', '..' or hidden files), within the three places a backup holds.
 */
export function isSafeMemberPath(p: string): boolean {
  if (p === manifestName || p === dumpName) return true;
  const parts = p.split('/');
  if (!parts.every((s) => /^[A-Za-z0-9_][A-Za-z0-9._-]{0,200}$/.test(s))) return false;
  if (parts[0] === 'secrets') return parts.length === 2 && (secretNames as readonly string[]).includes(parts[1] ?? '');
  return parts[0] === 'uploads' && parts.length >= 2 && parts.length <= 4;
}

export async function sha256File(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * The files under `dir` (relative, '/'-separated, sorted), skipping dot names: the local store's
 * half-written `.<key>.<uuid>.part` files are not images.
 */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries;
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) out.push(child);
    }
  };
  await walk('');
  return out.sort();
}

/** The manifest as read back: shape checked, or an OperatorError saying what is wrong. */
export function parseManifest(text: string): Manifest {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    throw new OperatorError('The archive is not a StrideAdmin backup: its manifest is not valid JSON');
  }
  const v = m as Partial<Manifest> | null;
  if (!v || v.format !== 'strideadmin-backup' || !Array.isArray(v.members) || !v.database || !v.storage) {
    throw new OperatorError('The archive is not a StrideAdmin backup: its manifest is not one');
  }
  if (v.formatVersion !== 1) {
    throw new OperatorError(
      `The backup has format version ${String(v.formatVersion)}; this version of StrideAdmin reads version 1`,
    );
  }
  for (const member of v.members) {
    if (
      typeof member?.path !== 'string' ||
      !isSafeMemberPath(member.path) ||
      member.path === manifestName ||
      typeof member.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(member.sha256) ||
      typeof member.size !== 'number'
    ) {
      throw new OperatorError('The archive is not a StrideAdmin backup: its manifest lists an invalid member');
    }
  }
  return v as Manifest;
}

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} kB` : `${n} B`;
export const formatCount = (n: number) => n.toLocaleString('en-US');
