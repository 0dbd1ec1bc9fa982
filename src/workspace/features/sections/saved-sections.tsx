import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatDate } from '../../../domain/format.ts';
import type { LatLng } from '../../../domain/geo.ts';
import { sectionSearch, type SectionQuery } from '../../../domain/subsurface/section-address.ts';
import { ConfirmDialog } from '../../lib/confirm-dialog.tsx';

/** A section saved in a project, as `/api/sections/saved` gives it. */
export interface SavedSection {
  id: string;
  projectId: string;
  projectCode: string;
  projectName: string;
  title: string;
  line: LatLng[];
  corridor: number;
  exaggeration: number | null;
  links: boolean;
  createdBy: string;
  createdAt: string;
}

const withTenant = (path: string, tenant: string | null) =>
  tenant ? `${path}${path.includes('?') ? '&' : '?'}tenant=${encodeURIComponent(tenant)}` : path;

/** A JSON answer of the API, or its French error. */
async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, { credentials: 'same-origin', ...init });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Erreur ${response.status}.`);
  }
  return (response.status === 204 ? null : await response.json()) as T;
}

/** Where a saved section opens: its address, and its id to say who saved it. */
export function savedHref(saved: SavedSection, tenant: string | null): string {
  const query: SectionQuery = {
    line: saved.line,
    boreholes: [],
    corridor: saved.corridor,
    exaggeration: saved.exaggeration,
    title: saved.title,
    links: saved.links,
  };
  const keep = new URLSearchParams(tenant ? { tenant } : {});
  return `/client/sections${sectionSearch(query, keep)}&saved=${saved.id}`;
}

/** Who saved a section, when and where: « Enregistrée par … le … dans le projet … ». */
export const savedLine = (saved: SavedSection) =>
  `Enregistrée par ${saved.createdBy} le ${formatDate(saved.createdAt.slice(0, 10))}, projet ${saved.projectCode}${
    saved.projectName && saved.projectName !== saved.projectCode ? ` (${saved.projectName})` : ''
  }.`;

/**
 * The sections saved in the organisation's projects, newest first: each opens at its address; its
 * author or an administrator deletes it after a confirmation.
 */
export function SavedSections({ tenant, user }: { tenant: string | null; user: { email: string; role: string } }) {
  const ids = useId();
  const [items, setItems] = useState<SavedSection[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedSection | null>(null);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    api<{ items: SavedSection[] }>(withTenant('/api/sections/saved', tenant))
      .then((answer) => setItems(answer.items))
      .catch((failure: Error) => setError(failure.message));
  }, [tenant]);
  const remove = (saved: SavedSection) =>
    api(withTenant(`/api/sections/saved/${saved.id}`, tenant), { method: 'DELETE' })
      .then(() => {
        setItems((list) => list?.filter((item) => item.id !== saved.id) ?? null);
        setNotice(`Coupe « ${saved.title} » supprimée.`);
      })
      .catch((failure: Error) => setNotice(failure.message));

  return (
    <section className="sections__saved" aria-labelledby={`${ids}-saved`}>
      <h2 id={`${ids}-saved`}>Coupes enregistrées</h2>
      <p role="status">{notice}</p>
      {error && <p role="alert">{error}</p>}
      {items === null && !error && <p>Chargement des coupes enregistrées…</p>}
      {items?.length === 0 && <p>Aucune coupe enregistrée dans les projets de votre organisation.</p>}
      {items && items.length > 0 && (
        <table className="sections__table">
          <thead>
            <tr>
              <th scope="col">Coupe</th>
              <th scope="col">Projet</th>
              <th scope="col">Enregistrée par</th>
              <th scope="col">Le</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((saved) => (
              <tr key={saved.id}>
                <th scope="row">
                  <a href={savedHref(saved, tenant)}>{saved.title}</a>
                </th>
                <td>{saved.projectCode}</td>
                <td>{saved.createdBy}</td>
                <td>{formatDate(saved.createdAt.slice(0, 10))}</td>
                <td>
                  {(saved.createdBy === user.email || user.role === 'admin') && (
                    <button type="button" className="button button--secondary" onClick={() => setDeleting(saved)}>
                      Supprimer<span className="sr-only"> la coupe « {saved.title} »</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        question={
          deleting && {
            title: 'Supprimer cette coupe ?',
            text: `La coupe « ${deleting.title} » ne sera plus dans le projet ${deleting.projectCode}. Les forages ne changent pas.`,
            confirm: 'Supprimer',
          }
        }
        onConfirm={() => {
          if (deleting) void remove(deleting);
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/**
 * « Enregistrer » for a member: the section shown, with its title, in one of the organisation's
 * projects; once saved, the address names it, and who saved it when is said.
 */
export function SaveSection({
  query,
  line,
  tenant,
  onSaved,
}: {
  query: SectionQuery;
  /** The line drawn: the address's, or the one through the boreholes picked. */
  line: LatLng[];
  tenant: string | null;
  onSaved: (saved: SavedSection) => void;
}) {
  const [projects, setProjects] = useState<{ id: string; code: string; name: string }[] | null>(null);
  const [projectId, setProjectId] = useState('');
  const [title, setTitle] = useState(query.title);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api<{ items: { id: string; code: string; name: string }[] }>(withTenant('/api/projects', tenant))
      .then((answer) => setProjects(answer.items))
      .catch((failure: Error) => setError(failure.message));
  }, [tenant]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    api<SavedSection>(withTenant('/api/sections/saved', tenant), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        projectId,
        line,
        corridor: query.corridor,
        exaggeration: query.exaggeration,
        links: query.links,
      }),
    })
      .then(onSaved)
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setSaving(false));
  };
  return (
    <form className="sections__form sections__save" onSubmit={save} aria-label="Enregistrer la coupe">
      <label className="field">
        Titre de la coupe enregistrée
        <input value={title} required maxLength={120} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="field">
        Projet
        <select value={projectId} required onChange={(event) => setProjectId(event.target.value)}>
          <option value="">Choisissez un projet</option>
          {(projects ?? []).map((project) => (
            <option key={project.id} value={project.id}>
              {project.code}
              {project.name && project.name !== project.code ? ` — ${project.name}` : ''}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button" disabled={saving || projects === null}>
        {saving ? 'Enregistrement…' : 'Enregistrer'}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
