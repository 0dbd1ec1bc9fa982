import './view3d.css';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { numberFormat } from '../../../domain/format.ts';
import { SOIL_CLASSES, type SoilClass } from '../../../domain/soil.ts';
import {
  columnsGeometry,
  layerVertices,
  SCENE_BOX_LIMIT,
  sceneColumns,
  sceneExaggeration,
  scenePlace,
  sectionPanels,
  surfaceMesh,
  type SceneColumn,
  type SceneGrid,
} from '../../../domain/subsurface/scene.ts';
import type { SurfaceQuantity } from '../../../domain/subsurface/surface-quantity.ts';
import { readView3d, type View3dAsk } from '../../lib/view3d-address.ts';

const metres = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The value ramp of the surfaces' map (viridis), as the 3D mesh colours it. */
const VIRIDIS: [number, number, number][] = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'].map((hex) => [
  parseInt(hex.slice(1, 3), 16) / 255,
  parseInt(hex.slice(3, 5), 16) / 255,
  parseInt(hex.slice(5, 7), 16) / 255,
]);

/** Most pixels drawn while the view moves (see buildScene). */
const MOVING_PIXELS = 150_000;

interface Loaded {
  columns: SceneColumn[];
  surface: { grid: SceneGrid; title: string; quantity: SurfaceQuantity } | null;
}

type State = { status: 'loading' } | { status: 'ready'; data: Loaded } | { status: 'failed'; error: string };

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `La vue 3D n’a pas pu être chargée (erreur ${response.status}).`);
  }
  return (await response.json()) as T;
}

async function load(ask: View3dAsk, tenant: string | null): Promise<Loaded> {
  const params = new URLSearchParams({ bbox: ask.bbox!.join(',') });
  if (tenant) params.set('tenant', tenant);
  const surfaceParams = new URLSearchParams(params);
  const [{ columns }, surface] = await Promise.all([
    fetchJson<{ columns: SceneColumn[] }>(`/api/surfaces/columns?${params}`),
    ask.surface
      ? (surfaceParams.set('quantity', ask.surface),
        surfaceParams.set('method', ask.method),
        // 100 nodes a side: a quarter of the map's triangles, as fine as a 3D view at this scale shows.
        surfaceParams.set('cells', '100'),
        fetchJson<{ grid: SceneGrid; title: string; quantity: SurfaceQuantity }>(`/api/surfaces?${surfaceParams}`))
      : Promise.resolve(null),
  ]);
  return { columns, surface };
}

/** The scene, built once per data, and what the controls change. */
interface Scene {
  render(): void;
  setExaggeration(value: number): void;
  setClip(value: number): void;
  turn(azimuth: number, polar: number): void;
  zoom(factor: number): void;
  reset(): void;
  spin(on: boolean): void;
  dispose(): void;
}

/** The scene's arrays, computed from the data alone (no DOM): the screen reads its summary from them. */
function prepare(data: Loaded) {
  const place = scenePlace(data.columns.map((column) => ({ lat: column.lat, lng: column.lng })));
  const columns = sceneColumns(data.columns, place);
  return { place, columns, exaggeration: sceneExaggeration(columns.bounds), half: columns.bounds.z + columns.width };
}

function buildScene(
  host: HTMLDivElement,
  data: Loaded,
  { place, columns, exaggeration }: ReturnType<typeof prepare>,
  line: { lat: number; lng: number }[],
  onPick: (index: number) => void,
): Scene {
  const renderer = new THREE.WebGLRenderer({ antialias: false, powerPreference: 'high-performance' });
  // Clipping costs a CPU renderer a third of its frame: on only once the user clips.
  renderer.localClippingEnabled = false;
  renderer.setClearColor('#eef2f6');
  host.appendChild(renderer.domElement);
  renderer.domElement.setAttribute('aria-hidden', 'true');

  const scene = new THREE.Scene();
  scene.add(new THREE.AmbientLight('#ffffff', 1.6));
  const sun = new THREE.DirectionalLight('#ffffff', 1.8);
  sun.position.set(0.5, 1, 0.3);
  scene.add(sun);
  const model = new THREE.Group();
  scene.add(model);
  const clip = new THREE.Plane(new THREE.Vector3(0, 0, -1), columns.bounds.z + columns.width);

  // Boxes while few enough for a CPU renderer to turn smoothly, lines beyond (SCENE_BOX_LIMIT).
  const kind = columns.owners.length > SCENE_BOX_LIMIT ? 'lines' : 'boxes';
  const arrays = columnsGeometry(columns, kind);
  const columnGeometry = new THREE.BufferGeometry();
  columnGeometry.setAttribute('position', new THREE.BufferAttribute(arrays.positions, 3));
  columnGeometry.setAttribute('color', new THREE.BufferAttribute(arrays.colours, 3));
  if (arrays.normals) columnGeometry.setAttribute('normal', new THREE.BufferAttribute(arrays.normals, 3));
  const columnMaterial =
    kind === 'boxes'
      ? new THREE.MeshLambertMaterial({ vertexColors: true, clippingPlanes: [clip] })
      : new THREE.LineBasicMaterial({ vertexColors: true, clippingPlanes: [clip] });
  const boxes =
    kind === 'boxes'
      ? new THREE.Mesh(columnGeometry, columnMaterial)
      : new THREE.LineSegments(columnGeometry, columnMaterial);
  model.add(boxes);
  const ownerOf = (hit: THREE.Intersection) => {
    const vertex = kind === 'boxes' ? (hit.faceIndex ?? -1) * 3 : (hit.index ?? -1);
    return vertex < 0 ? null : columns.owners[Math.floor(vertex / layerVertices(kind))]!;
  };

  const disposables: { dispose(): void }[] = [columnGeometry, columnMaterial, renderer];
  if (data.surface) {
    const depth = data.surface.quantity.endsWith('depth');
    const mesh = surfaceMesh(data.surface.grid, place, { depth, ramp: VIRIDIS });
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(mesh.positions, 3));
    geometry.setAttribute('color', new THREE.BufferAttribute(mesh.colours, 3));
    geometry.setIndex(new THREE.BufferAttribute(mesh.indices, 1));
    geometry.computeVertexNormals();
    const material = new THREE.MeshLambertMaterial({
      vertexColors: true,
      side: THREE.DoubleSide,
      transparent: true,
      opacity: 0.75,
      clippingPlanes: [clip],
    });
    model.add(new THREE.Mesh(geometry, material));
    disposables.push(geometry, material);
  }
  if (line.length >= 2) {
    const geometry = new THREE.BufferGeometry();
    const margin = (columns.bounds.top - columns.bounds.bottom) * 0.1 + 1;
    geometry.setAttribute(
      'position',
      new THREE.BufferAttribute(
        sectionPanels(line, place, columns.bounds.bottom - margin, columns.bounds.top + margin),
        3,
      ),
    );
    const material = new THREE.MeshBasicMaterial({
      color: '#1b5e8c',
      transparent: true,
      opacity: 0.22,
      side: THREE.DoubleSide,
      depthWrite: false,
    });
    model.add(new THREE.Mesh(geometry, material));
    disposables.push(geometry, material);
  }

  model.scale.y = exaggeration;
  const camera = new THREE.PerspectiveCamera(45, 1, 1, 1e7);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = false;
  controls.autoRotateSpeed = 1.5;
  const home = () => {
    const middle = ((columns.bounds.top + columns.bounds.bottom) / 2) * model.scale.y;
    // Farther back in a view taller than wide (a phone held upright): the width is what limits.
    const reach =
      Math.max(columns.bounds.x, columns.bounds.z, (columns.bounds.top - columns.bounds.bottom) * model.scale.y) *
      Math.max(1, 1 / camera.aspect);
    controls.target.set(0, middle, 0);
    camera.position.set(reach * 1.05, middle + reach * 0.85, reach * 1.25);
    camera.near = reach / 1000;
    camera.far = reach * 100;
    camera.updateProjectionMatrix();
    controls.update();
  };
  // The boreholes' names at their collars, while few enough to be read (an overlay of the page).
  const labels = document.createElement('div');
  labels.className = 'view3d__labels';
  labels.setAttribute('aria-hidden', 'true');
  host.appendChild(labels);
  const tops =
    data.columns.length <= 100
      ? data.columns.map((column, i) => {
          const k = columns.owners.indexOf(i);
          const label = document.createElement('span');
          label.textContent = column.id;
          labels.appendChild(label);
          const top = columns.centres[3 * k + 1]! + columns.sizes[3 * k + 1]! / 2;
          return { label, at: new THREE.Vector3(columns.centres[3 * k], top, columns.centres[3 * k + 2]) };
        })
      : [];
  const projected = new THREE.Vector3();
  const placeLabels = () => {
    const { clientWidth, clientHeight } = host;
    for (const { label, at } of tops) {
      projected.set(at.x, at.y * model.scale.y, at.z).project(camera);
      const hidden = projected.z > 1 || clip.distanceToPoint(at) < 0;
      label.style.display = hidden ? 'none' : '';
      label.style.transform = `translate(${((projected.x + 1) / 2) * clientWidth}px, ${((1 - projected.y) / 2) * clientHeight}px)`;
    }
  };
  // While the view moves, drawn at 300,000 pixels at most, sharp again once it stops: a CPU
  // renderer (no graphics card) spends most of a frame on pixels — 100 ms a frame at 1280 × 680
  // here, 17 ms at 600 × 320 — and a moving view needs motion more than detail.
  const full = Math.min(window.devicePixelRatio, 2);
  let ratio = full;
  let last = 0;
  let settle = 0;
  const setRatio = (next: number) => {
    if (next === ratio) return;
    ratio = next;
    renderer.setPixelRatio(ratio);
    renderer.setSize(host.clientWidth, host.clientHeight, false);
  };
  const draw = () => {
    renderer.render(scene, camera);
    placeLabels();
  };
  const render = () => {
    const now = performance.now();
    if (last > 0 && now - last < 200)
      setRatio(Math.min(full, Math.sqrt(MOVING_PIXELS / Math.max(host.clientWidth * host.clientHeight, 1))));
    last = now;
    draw();
    clearTimeout(settle);
    settle = window.setTimeout(() => {
      last = 0;
      if (ratio < full) {
        setRatio(full);
        draw();
      }
    }, 250);
  };
  let framed = false;
  const resize = () => {
    const { clientWidth, clientHeight } = host;
    renderer.setPixelRatio(ratio);
    renderer.setSize(clientWidth, clientHeight, false);
    renderer.domElement.style.width = '100%';
    renderer.domElement.style.height = '100%';
    camera.aspect = clientWidth / Math.max(clientHeight, 1);
    camera.updateProjectionMatrix();
    // Framed once the view's shape is known.
    if (!framed) {
      framed = true;
      home();
    }
    render();
  };
  home();
  controls.addEventListener('change', render);
  const observer = new ResizeObserver(resize);
  observer.observe(host);
  resize();

  // A click that did not drag picks the layer under it, hence its borehole.
  let down: { x: number; y: number } | null = null;
  const raycaster = new THREE.Raycaster();
  const onDown = (event: PointerEvent) => (down = { x: event.clientX, y: event.clientY });
  const onUp = (event: PointerEvent) => {
    if (!down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > 4) return;
    const rect = renderer.domElement.getBoundingClientRect();
    raycaster.setFromCamera(
      new THREE.Vector2(
        ((event.clientX - rect.left) / rect.width) * 2 - 1,
        -((event.clientY - rect.top) / rect.height) * 2 + 1,
      ),
      camera,
    );
    raycaster.params.Line.threshold = columns.width;
    const hit = raycaster.intersectObject(boxes).find((found) => clip.distanceToPoint(found.point) >= 0);
    const owner = hit ? ownerOf(hit) : null;
    if (owner !== null) onPick(owner);
  };
  renderer.domElement.addEventListener('pointerdown', onDown);
  renderer.domElement.addEventListener('pointerup', onUp);

  let spinning = 0;
  // Each turn moves the camera; the controls' change event draws it (once a frame).
  const loop = () => {
    controls.update();
    spinning = requestAnimationFrame(loop);
  };
  const offset = new THREE.Vector3();
  const spherical = new THREE.Spherical();
  return {
    render,
    setExaggeration(value) {
      const target = controls.target.y / model.scale.y;
      model.scale.y = value;
      controls.target.y = target * value;
      controls.update();
      render();
    },
    setClip(value) {
      clip.constant = value;
      renderer.localClippingEnabled = value < columns.bounds.z + columns.width;
      render();
    },
    turn(azimuth, polar) {
      offset.copy(camera.position).sub(controls.target);
      spherical.setFromVector3(offset);
      spherical.theta += azimuth;
      spherical.phi = Math.min(Math.max(spherical.phi + polar, 0.05), Math.PI - 0.05);
      camera.position.copy(controls.target).add(offset.setFromSpherical(spherical));
      controls.update();
    },
    zoom(factor) {
      offset.copy(camera.position).sub(controls.target).multiplyScalar(factor);
      camera.position.copy(controls.target).add(offset);
      controls.update();
    },
    reset: home,
    spin(on) {
      cancelAnimationFrame(spinning);
      controls.autoRotate = on;
      if (on) spinning = requestAnimationFrame(loop);
    },
    dispose() {
      cancelAnimationFrame(spinning);
      clearTimeout(settle);
      observer.disconnect();
      controls.dispose();
      renderer.domElement.removeEventListener('pointerdown', onDown);
      renderer.domElement.removeEventListener('pointerup', onUp);
      for (const item of disposables) item.dispose();
      renderer.domElement.remove();
      labels.remove();
    },
  };
}

const STEP = Math.PI / 18;

/**
 * « Vue 3D »: the boreholes of a zone as columns in true position and elevation, coloured by class,
 * with a surface as a mesh and a section's line as a plane when the address gives them; orbit,
 * zoom, vertical exaggeration and a clipping plane, by mouse, touch or keyboard; a click on a column
 * opens its record. The 2D section and the table below are the accessible views of the same data.
 */
export function View3dScreen() {
  const ids = useId();
  const ask = useMemo(() => readView3d(window.location.search), []);
  const tenant = new URLSearchParams(window.location.search).get('tenant');
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const sceneRef = useRef<Scene | null>(null);
  // Null until the user moves the slider: the scene's own exaggeration (sceneExaggeration).
  const [chosen, setChosen] = useState<number | null>(null);
  const [clip, setClip] = useState(100);
  const [spinning, setSpinning] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);

  useEffect(() => {
    if (!ask.bbox) return;
    let current = true;
    load(ask, tenant)
      .then((data) => current && setState({ status: 'ready', data }))
      .catch((error: Error) => current && setState({ status: 'failed', error: error.message }));
    return () => {
      current = false;
    };
  }, [ask, tenant]);

  // WebGL may be off (a locked-down browser, no graphics driver): the view says so, the table stays.
  const webgl = useMemo(() => {
    const probe = document.createElement('canvas');
    return Boolean(probe.getContext('webgl2') ?? probe.getContext('webgl'));
  }, []);
  const data = state.status === 'ready' ? state.data : null;
  const prepared = useMemo(() => (data && data.columns.length > 0 ? prepare(data) : null), [data]);
  useEffect(() => {
    if (!data || !prepared || !host.current || !webgl) return;
    const built = buildScene(host.current, data, prepared, ask.line, (index) => {
      const id = data.columns[index]!.id;
      setPicked(id);
      window.location.assign(
        `/client/boreholes/${encodeURIComponent(id)}${tenant ? `?tenant=${encodeURIComponent(tenant)}` : ''}`,
      );
    });
    sceneRef.current = built;
    return () => {
      built.dispose();
      sceneRef.current = null;
    };
  }, [data, prepared, ask.line, tenant, webgl]);
  const exaggeration = chosen ?? prepared?.exaggeration ?? 1;

  const soils = useMemo(
    () =>
      [...new Set(data?.columns.flatMap((column) => column.layers.map((layer) => layer.soil)) ?? [])] as SoilClass[],
    [data],
  );
  const scene = {
    turn: (azimuth: number, polar: number) => sceneRef.current?.turn(azimuth, polar),
    zoom: (factor: number) => sceneRef.current?.zoom(factor),
    reset: () => sceneRef.current?.reset(),
  };
  const onKey = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => scene.turn(-STEP, 0),
      ArrowRight: () => scene.turn(STEP, 0),
      ArrowUp: () => scene.turn(0, -STEP / 2),
      ArrowDown: () => scene.turn(0, STEP / 2),
      '+': () => scene.zoom(0.8),
      '=': () => scene.zoom(0.8),
      '-': () => scene.zoom(1.25),
      Home: () => scene.reset(),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  if (!ask.bbox)
    return (
      <section className="view3d" aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`}>Vue 3D</h1>
        <p>
          Ouvrez la vue 3D depuis une surface (« Voir en 3D » : les forages de la zone et la surface) ou depuis une
          coupe (les forages autour de la ligne et le plan de la coupe).
        </p>
        <a className="button" href={`/client/surfaces${tenant ? `?tenant=${encodeURIComponent(tenant)}` : ''}`}>
          Aller aux surfaces
        </a>
      </section>
    );

  const sectionLink =
    ask.line.length >= 2
      ? `/client/sections?${new URLSearchParams({
          ...(tenant ? { tenant } : {}),
          line: ask.line.map((p) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`).join(';'),
        })}`
      : null;
  return (
    <section className="view3d" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`}>Vue 3D{data?.surface ? ` — ${data.surface.title}` : ''}</h1>
      {state.status === 'loading' && <p role="status">Chargement des forages…</p>}
      {state.status === 'failed' && <p role="alert">{state.error}</p>}
      {data && data.columns.length === 0 && <p role="status">Aucun forage dans cette zone.</p>}
      {data && !webgl && (
        <p role="alert">
          Ce navigateur n’affiche pas la 3D (WebGL est désactivé) : le tableau ci-dessous et la coupe 2D donnent les
          mêmes forages.
        </p>
      )}
      {data && data.columns.length > 0 && (
        <>
          <p role="status" className="view3d__summary">
            {data.columns.length} forages
            {prepared?.columns.vertical === 'depth'
              ? ', suspendus à une surface commune (des forages n’ont pas d’élévation du terrain : l’axe vertical donne la profondeur)'
              : ', à leur élévation'}
            {data.surface ? ` ; surface « ${data.surface.title} »` : ''}
            {ask.line.length >= 2 ? ' ; plan de la coupe en bleu' : ''}.
          </p>
          <div className="view3d__toolbar" role="group" aria-label="Commandes de la vue">
            <button type="button" className="button button--secondary" onClick={() => scene.turn(-STEP, 0)}>
              Tourner à gauche
            </button>
            <button type="button" className="button button--secondary" onClick={() => scene.turn(STEP, 0)}>
              Tourner à droite
            </button>
            <button type="button" className="button button--secondary" onClick={() => scene.turn(0, -STEP / 2)}>
              Vue plus haute
            </button>
            <button type="button" className="button button--secondary" onClick={() => scene.turn(0, STEP / 2)}>
              Vue plus basse
            </button>
            <button type="button" className="button button--secondary" onClick={() => scene.zoom(0.8)}>
              Zoom avant
            </button>
            <button type="button" className="button button--secondary" onClick={() => scene.zoom(1.25)}>
              Zoom arrière
            </button>
            <button type="button" className="button button--secondary" onClick={() => scene.reset()}>
              Vue initiale
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={spinning}
              onClick={() => {
                sceneRef.current?.spin(!spinning);
                setSpinning(!spinning);
              }}
            >
              Faire tourner
            </button>
          </div>
          <div className="view3d__controls">
            <label className="field">
              Exagération verticale : {exaggeration}×
              <input
                type="range"
                min={1}
                max={50}
                value={exaggeration}
                onChange={(event) => {
                  setChosen(event.target.valueAsNumber);
                  sceneRef.current?.setExaggeration(event.target.valueAsNumber);
                }}
              />
            </label>
            <label className="field">
              Rogner depuis le sud : {100 - clip} %
              <input
                type="range"
                min={0}
                max={100}
                value={100 - clip}
                onChange={(event) => {
                  const kept = 100 - event.target.valueAsNumber;
                  setClip(kept);
                  if (prepared) sceneRef.current?.setClip(prepared.half * ((kept / 100) * 2 - 1));
                }}
              />
            </label>
          </div>
        </>
      )}
      <div
        ref={host}
        className="view3d__canvas"
        tabIndex={data && data.columns.length > 0 ? 0 : -1}
        role="application"
        aria-roledescription="vue 3D"
        aria-label="Forages en 3D : flèches pour tourner, + et − pour le zoom, Origine pour la vue initiale ; un clic sur une colonne ouvre sa fiche"
        onKeyDown={onKey}
        hidden={!data || data.columns.length === 0 || !webgl}
      />
      {picked && <p role="status">Ouverture de la fiche {picked}…</p>}
      {data && data.columns.length > 0 && (
        <>
          <ul className="view3d__legend" aria-label="Légende des classes de sol">
            {soils.map((soil) => (
              <li key={soil}>
                <span className="view3d__swatch" style={{ background: SOIL_CLASSES[soil].colour }} aria-hidden="true" />
                {SOIL_CLASSES[soil].shortName}
              </li>
            ))}
          </ul>
          {sectionLink && (
            <p>
              <a href={sectionLink}>La coupe 2D de la même ligne</a> : la vue accessible des mêmes forages.
            </p>
          )}
          <details className="view3d__details">
            <summary>Forages de la vue ({data.columns.length})</summary>
            <table className="view3d__table">
              <thead>
                <tr>
                  <th scope="col">Forage</th>
                  <th scope="col">Élévation du terrain (m)</th>
                  <th scope="col">Profondeur (m)</th>
                  <th scope="col">Couches</th>
                </tr>
              </thead>
              <tbody>
                {data.columns.slice(0, 500).map((column) => (
                  <tr key={column.id}>
                    <th scope="row">
                      <a href={`/client/boreholes/${encodeURIComponent(column.id)}`}>{column.id}</a>
                    </th>
                    <td>{column.ground === null ? '—' : metres.format(column.ground)}</td>
                    <td>{metres.format(column.depth)}</td>
                    <td>{column.layers.map((layer) => SOIL_CLASSES[layer.soil].shortName).join(' / ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.columns.length > 500 && <p>Les 500 premiers ; la base de données les donne tous.</p>}
          </details>
        </>
      )}
    </section>
  );
}
