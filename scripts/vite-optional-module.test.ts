import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalModule } from './vite-optional-module.ts';

describe('optionalModule', () => {
  let dir: string;
  beforeAll(async () => {
    // Inside the project, so that installed packages resolve from the entry.
    await mkdir('node_modules/.cache', { recursive: true });
    dir = await mkdtemp(join(process.cwd(), 'node_modules/.cache/optional-module-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const bundle = async (name: string, source: string) => {
    await writeFile(join(dir, 'entry.js'), source);
    const result = (await build({
      root: dir,
      logLevel: 'silent',
      plugins: [optionalModule(name)],
      build: {
        write: false,
        lib: { entry: join(dir, 'entry.js'), formats: ['es'] },
        rolldownOptions: { output: { codeSplitting: false } },
      },
    })) as Rolldown.RolldownOutput[];
    return result[0]!.output[0].code;
  };

  it('builds without the package, and importing it then rejects', async () => {
    const code = await bundle(
      'geosonde-absent-package',
      `export const load = () => import('geosonde-absent-package').then(() => 'loaded', (e) => e.message);`,
    );
    const file = join(dir, 'entry.mjs');
    await writeFile(file, code);
    const { load } = (await import(file)) as { load: () => Promise<string> };
    await expect(load()).resolves.toBe('geosonde-absent-package absent de cette version');
  });

  it('leaves an installed package as it is', async () => {
    const code = await bundle('fflate', `import { strToU8 } from 'fflate'; export const bytes = strToU8('ab').length;`);
    expect(code).not.toContain('absent de cette version');
    expect(code).toContain('TextEncoder');
  });
});
