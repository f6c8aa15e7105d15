// Reading a V8 .cpuprofile (node --cpu-prof): self time per package / source folder, and the
// busiest functions, so a slow start says where its time goes.
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a folder of ours, Node's internals, or V8's own. */
export function bucketOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('wasm://')) return 'wasm';
  if (url.startsWith('node:internal/modules')) return 'node: module loader';
  if (url.startsWith('node:')) return 'node: internals';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const ours = /\/(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+\/src|scripts)\//.exec(url);
  if (ours) return ours[1]!;
  return url.split('/').slice(-2).join('/');
}

export interface ProfileSummary {
  /** Milliseconds of samples counted (up to `untilMs` from the profile's start). */
  totalMs: number;
  buckets: { where: string; ms: number }[];
  functions: { fn: string; where: string; ms: number }[];
}

/** Self time by bucket and by function, over the first `untilMs` of the profile (all when unset). */
export async function summariseProfile(file: string, untilMs = Infinity, top = 12): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const buckets = new Map<string, number>();
  const functions = new Map<string, { fn: string; where: string; ms: number }>();
  let elapsed = 0;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    // A sample stands for the interval up to the next one.
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    elapsed += (profile.timeDeltas[i] ?? 0) / 1000;
    if (elapsed > untilMs) break;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    total += dt;
    const where = bucketOf(url, functionName);
    buckets.set(where, (buckets.get(where) ?? 0) + dt);
    const key = `${functionName || '(anonymous)'} ${url}:${lineNumber + 1}`;
    const f = functions.get(key) ?? { fn: functionName || '(anonymous)', where: `${where}:${lineNumber + 1}`, ms: 0 };
    f.ms += dt;
    functions.set(key, f);
  }
  return {
    totalMs: total,
    buckets: [...buckets]
      .map(([where, ms]) => ({ where, ms }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
    functions: [...functions.values()].sort((a, b) => b.ms - a.ms).slice(0, top),
  };
}
