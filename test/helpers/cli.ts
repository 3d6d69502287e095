/** Runs the `kith` command as a user does (node bin/kith.mjs), for the CLI tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Runs `kith args...`; resolves with its exit status and output. `onStart` gets the child (to signal it). */
export function kith(
  args: string[],
  env: Record<string, string> = {},
  onStart?: (child: ChildProcess) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/kith.mjs'), ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    onStart?.(child);
  });
}
