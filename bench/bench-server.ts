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

/** Signs the demo's Montréal geotechnician in on a server started by startServer: its session cookie. */
export async function signInGeotech(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1' }),
  });
  if (!login.ok) throw new Error(`Connexion refusée : ${login.status}`);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

/** Imports an AGS file through the API and commits it, as a user would: the boreholes written. */
export async function importAgs(
  origin: string,
  cookie: string,
  text: string,
  name: string,
): Promise<{ id: string; locaId: string }[]> {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const validated = (await (
    await fetch(`${origin}/api/imports`, { method: 'POST', headers: { cookie, origin }, body: form })
  ).json()) as { id: string };
  const committed = await fetch(`${origin}/api/imports/${validated.id}/commit`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!committed.ok) throw new Error(`Import de ${name} refusé : ${committed.status} ${await committed.text()}`);
  return ((await committed.json()) as { boreholes: { id: string; locaId: string }[] }).boreholes;
}
