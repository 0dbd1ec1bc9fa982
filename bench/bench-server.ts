import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Starts the real server (`api/index.ts`) in a process of its own, on the embedded database of
 * `dataDir`, and waits until it answers /api/health; stops with the server's errors if it exits
 * or does not answer in 60 s.
 */
export async function startServer(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['api/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`Le serveur s’est arrêté (code ${child.exitCode}) :\n${errors}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    if (attempt > 300) {
      child.kill();
      throw new Error(`Le serveur ne répond pas sur ${origin} :\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A process's resident memory in bytes, from Linux's /proc (0 once it has ended). */
export function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
