import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The command name of a running process, or null when there is none. A zombie — ended, not yet
 * reaped by its parent, as a process killed with `kill -9` can stay in a container whose init
 * does not reap — counts as ended. Linux's /proc, else `ps` (macOS).
 */
export function runningCommand(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X' ? null : command;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && process.platform === 'linux') return null;
  }
  try {
    const [state = '', command = ''] = execFileSync('ps', ['-o', 'stat=,comm=', '-p', String(pid)], {
      encoding: 'utf8',
    })
      .trim()
      .split(/\s+/, 2);
    return state.startsWith('Z') ? null : command || null;
  } catch {
    return null;
  }
}

/** Whether a process has ended but is not yet reaped (Linux; false elsewhere). */
export function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
