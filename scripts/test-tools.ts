// Run by `npm test` before the tests (npm's `pretest`): what the tests need on this machine besides
// npm's packages — Debian's Chromium headless shell for the browser tests, and the independent readers of the
// exports (GDAL's ogrinfo, Poppler's pdftotext, unzip, Python's ezdxf). As root with apt-get (CI, a container), they
// are installed; otherwise the one command to run is said in French. Under root, the embedded
// PostgreSQL runs as the `postgres` account: it is created when missing (Debian's package would).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const missing = [
  ...(process.env.CHROMIUM_PATH || existsSync('/usr/bin/chromium-headless-shell') ? [] : ['chromium-headless-shell']),
  ...(has('ogrinfo') ? [] : ['gdal-bin']),
  ...(has('pdftotext') ? [] : ['poppler-utils']),
  ...(has('unzip') ? [] : ['unzip']),
  // ezdxf, a second reader of the sections' DXF besides GDAL's.
  ...(spawnSync('/usr/bin/python3', ['-c', 'import ezdxf'], { stdio: 'ignore' }).status === 0 ? [] : ['python3-ezdxf']),
];
const root = process.getuid?.() === 0;

if (missing.length > 0) {
  if (!root || !has('apt-get')) {
    console.error(`Outils des tests manquants. Installez-les : sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installation des outils des tests (Debian) : ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}

if (root && spawnSync('id', ['postgres'], { stdio: 'ignore' }).status !== 0) {
  console.log('Création du compte système « postgres » (le serveur PostgreSQL intégré ne tourne pas sous root).');
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
    stdio: 'inherit',
  });
}
