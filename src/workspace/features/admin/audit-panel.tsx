import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { ACTION_LABELS, eventDetail, tenantLabel } from './admin-labels.ts';

interface AuditEvent {
  id: number;
  at: string;
  tenantSlug: string | null;
  email: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
}

/** The journal, newest first: filtered by action, 50 events at a time (« Plus anciens »). */
export function AuditPanel() {
  const ids = useId();
  const [action, setAction] = useState('');
  const [items, setItems] = useState<AuditEvent[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState('');

  // Only the latest reading is shown: the answer for a filter left may come after the new one's.
  const latest = useRef(0);
  const load = useCallback(
    (before: number | null) => {
      const reading = ++latest.current;
      const query = new URLSearchParams();
      if (action) query.set('action', action);
      if (before) query.set('before', String(before));
      return apiJson<{ items: AuditEvent[]; next: number | null }>(`/api/admin/audit?${query}`).then(
        (page) => {
          if (reading !== latest.current) return;
          setItems((current) => (before ? [...current, ...page.items] : page.items));
          setNext(page.next);
        },
        (failure: unknown) =>
          reading === latest.current && setError(errorMessage(failure, 'Le journal n’a pas pu être lu.')),
      );
    },
    [action],
  );
  useEffect(() => void load(null), [load]);

  return (
    <section className="admin__panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Journal</h2>
      <label className="field admin__filter">
        Action
        <select value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">Toutes</option>
          {Object.entries(ACTION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p role="alert" className="admin__error">
          {error}
        </p>
      )}
      <ScrollTable
        label="Tableau du journal"
        caption="Journal, les événements les plus récents d’abord"
        frameClass="admin__scroll"
        tableClass="admin__table"
        rows={items}
        rowKey={(event) => String(event.id)}
        rowData={(event) => ({ 'data-action': event.action })}
        columns={[
          { heading: 'Date', cell: (event) => formatMoment(Date.parse(event.at) / 1000) },
          { heading: 'Organisation', cell: (event) => tenantLabel(event.tenantSlug) },
          { heading: 'Qui', cell: (event) => event.email ?? '—' },
          { heading: 'Action', cell: (event) => ACTION_LABELS[event.action] ?? event.action },
          { heading: 'Objet', cell: (event) => event.target ?? '—' },
          { heading: 'Détail', cell: (event) => eventDetail(event.action, event.detail) },
        ]}
      />
      {items.length === 0 && !error && <p>Aucun événement.</p>}
      {next !== null && (
        <p>
          <button className="button" type="button" onClick={() => void load(next)}>
            Plus anciens
          </button>
        </p>
      )}
    </section>
  );
}
