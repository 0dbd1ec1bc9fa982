// How the 3D view's library was chosen (issue #36): three.js and deck.gl side by side, each in a
// page of its own drawing the same scene — 25,000 coloured vertical lines (5,000 boreholes of 5
// layers, 71 × 71 at 40 m, 80 m tall) turning on an orbit — in headless Chromium drawing WebGL on
// the CPU (SwiftShader). Prints each one's weight (minified, gzip) and its frame intervals.
// Both are installed with esbuild in a temporary folder, not in the project.
// Usage: node bench/view3d-libraries.bench.ts
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium, WEBGL_FLAGS } from '../scripts/chromium.ts';

/** The scene, the same for both: line i of borehole ⌊i/5⌋, its colour, the orbit's step each frame. */
const SCENE = `
const N = 25000;
const line = (i) => {
  const b = Math.floor(i / 5);
  const [x, z] = [(b % 71) * 40 - 1400, Math.floor(b / 71) * 40 - 1400];
  return [x, -(i % 5) * 80, z, x, -(i % 5) * 80 - 80, z, (i * 37) % 255, (i * 91) % 255, (i * 53) % 255];
};
const measure = (step) => new Promise((resolve) => {
  const times = [];
  const tick = (now) => {
    step();
    times.push(now);
    if (now - times[0] < 4000) requestAnimationFrame(tick);
    else resolve(times.slice(1).map((t, i) => t - times[i]));
  };
  requestAnimationFrame(tick);
});
`;

const ENTRIES = {
  'three.js': `
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
${SCENE}
window.run = () => {
  const renderer = new THREE.WebGLRenderer({ antialias: false });
  renderer.setSize(1214, 558);
  document.getElementById('host').appendChild(renderer.domElement);
  const positions = new Float32Array(N * 6), colours = new Float32Array(N * 6);
  for (let i = 0; i < N; i++) {
    const l = line(i);
    positions.set(l.slice(0, 6), 6 * i);
    colours.set([l[6] / 255, l[7] / 255, l[8] / 255, l[6] / 255, l[7] / 255, l[8] / 255], 6 * i);
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  const scene = new THREE.Scene();
  scene.add(new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ vertexColors: true })));
  const camera = new THREE.PerspectiveCamera(45, 1214 / 558, 1, 1e6);
  camera.position.set(2500, 1800, 3000);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.autoRotate = true;
  controls.addEventListener('change', () => renderer.render(scene, camera));
  return measure(() => controls.update());
};`,
  'deck.gl': `
import { Deck, OrbitView, COORDINATE_SYSTEM } from '@deck.gl/core';
import { LineLayer } from '@deck.gl/layers';
${SCENE}
window.run = () => new Promise((resolve) => {
  const data = Array.from({ length: N }, (_, i) => line(i));
  let rotationOrbit = 0;
  const view = () => ({ target: [0, -200, 0], rotationOrbit, rotationX: 30, zoom: -2.5 });
  const deck = new Deck({
    parent: document.getElementById('host'), width: 1214, height: 558, views: new OrbitView(), controller: false,
    viewState: view(),
    layers: [new LineLayer({
      id: 'columns', data, coordinateSystem: COORDINATE_SYSTEM.CARTESIAN,
      getSourcePosition: (d) => [d[0], d[2], d[1]], getTargetPosition: (d) => [d[3], d[5], d[4]],
      getColor: (d) => [d[6], d[7], d[8]], getWidth: 1, widthUnits: 'pixels',
    })],
    onLoad: () => resolve(measure(() => { rotationOrbit += 1; deck.setProps({ viewState: view() }); })),
  });
});`,
} as const;

const dir = await mkdtemp(join(tmpdir(), 'geosonde-bench-libraries-'));
const browser = await chromium.launch({ executablePath: findChromium({ headlessShell: true }), args: WEBGL_FLAGS });
try {
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--no-audit',
      '--no-fund',
      '--silent',
      'three@0.187',
      '@deck.gl/core@9',
      '@deck.gl/layers@9',
      'esbuild',
    ],
    { stdio: 'inherit' },
  );
  for (const [name, entry] of Object.entries(ENTRIES)) {
    const file = join(dir, `${name}.mjs`);
    await writeFile(file, entry);
    execFileSync(join(dir, 'node_modules/.bin/esbuild'), [
      file,
      '--bundle',
      '--minify',
      '--format=iife',
      `--outfile=${file}.js`,
      '--log-level=error',
    ]);
    const bundle = await readFile(`${file}.js`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route('http://bench.local/**', (route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ body: bundle, contentType: 'text/javascript' })
        : route.fulfill({
            body: '<html><body style="margin:0"><div id="host" style="position:relative"></div><script src="/scene.js"></script></body></html>',
            contentType: 'text/html',
          }),
    );
    await page.goto('http://bench.local/');
    const deltas = (await page.evaluate(() => (window as unknown as { run: () => Promise<number[]> }).run())).slice(5);
    deltas.sort((a, b) => a - b);
    const at = (q: number) => deltas[Math.min(deltas.length - 1, Math.floor(q * deltas.length))]!.toFixed(1);
    const mean = deltas.reduce((sum, d) => sum + d, 0) / deltas.length;
    console.log(
      `${name} : ${(bundle.length / 1024).toFixed(0)} Kio minifié, ${(gzipSync(bundle).length / 1024).toFixed(0)} Kio gzip ; ` +
        `25 000 traits en rotation : ${deltas.length} images en 4 s, moyenne ${mean.toFixed(1)} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await rm(dir, { recursive: true, force: true });
}
