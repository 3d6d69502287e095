/**
 * CPU time of each database node of a local PostgreSQL or Citus cluster (coordinator and workers), read
 * from /proc: the postmaster's own and its children's (live backends, and reaped ones through the
 * postmaster's cutime/cstime). For the bench's "cost per node" rows: only meaningful when nothing else
 * uses those servers meanwhile (true of a private cluster, not of a shared PostgreSQL).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

export interface NodeRef {
  name: string;
  postmasterPid: number;
}

/** The nodes behind `url` (postgres://...): the server itself, and its Citus workers if any. Null when not local. */
export async function localNodes(url: string): Promise<NodeRef[] | null> {
  const u = new URL(url);
  u.searchParams.delete('schema');
  const c = new pg.Client({ connectionString: u.toString() });
  try {
    await c.connect();
    const dirs: { name: string; dir: string }[] = [
      { name: 'coordinator', dir: (await c.query<{ d: string }>("select current_setting('data_directory') as d")).rows[0]!.d },
    ];
    const citus = (await c.query("select 1 from pg_extension where extname = 'citus'")).rowCount! > 0;
    if (citus) {
      const w = await c.query<{ port: number; result: string }>(
        "select nodeport as port, result from run_command_on_workers('show data_directory') order by nodeport",
      );
      for (const r of w.rows) dirs.push({ name: `worker :${r.port}`, dir: r.result });
    } else dirs[0]!.name = 'server';
    return dirs.map((d) => ({ name: d.name, postmasterPid: Number(readFileSync(join(d.dir, 'postmaster.pid'), 'utf8').split('\n')[0]) }));
  } catch {
    return null; // not on this machine, or not readable: no per-node figures
  } finally {
    await c.end().catch(() => {});
  }
}

function statOf(pid: number): { ppid: number; self: number; children: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
    return { ppid: Number(f[1]), self: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by each node (postmaster, its live children, its reaped children). */
export function cpuSeconds(nodes: NodeRef[]): number[] {
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const stats = new Map(procs.map((p) => [p, statOf(p)]));
  return nodes.map((n) => {
    const pm = stats.get(n.postmasterPid);
    let ticks = pm ? pm.self + pm.children : 0;
    for (const [, s] of stats) if (s && s.ppid === n.postmasterPid) ticks += s.self;
    return ticks / TICKS_PER_SECOND;
  });
}

/** CPU seconds used so far by one process (all its threads): the server's own, for an embedded database. */
export function processCpuSeconds(pid: number): number {
  const s = statOf(pid);
  return s === null ? Number.NaN : s.self / TICKS_PER_SECOND;
}
