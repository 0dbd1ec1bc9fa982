import type { CheckedLog } from '../../../domain/digitise/checked-log.ts';
import {
  MERGE_GROUPS,
  mergeLine,
  mergeSummary,
  removalLabel,
  type MergeGroup,
  type StoredDepths,
} from '../../../domain/digitise/merge-log.ts';

export interface MergeSummaryProps {
  /** What the borehole holds now, by depth. */
  stored: StoredDepths;
  /** The values as they stand on the screen; null while one of them is not a number. */
  log: CheckedLog | null;
  /** The groups whose stored rows the reading lacks are to be removed. */
  remove: ReadonlySet<MergeGroup>;
  onRemove: (group: MergeGroup, removing: boolean) => void;
}

/**
 * What « Valider » will do to the borehole, group by group, before it is done: the values read
 * correct those stored at the same depth, and what the reading does not have is kept unless the
 * person ticks its box. A row deleted from the tables above is not removed from the borehole.
 */
export function MergeSummary({ stored, log, remove, onRemove }: MergeSummaryProps) {
  if (!log) {
    return (
      <section className="verify__merge" aria-label="Ce que la validation change">
        <h3>Ce que la validation change</h3>
        <p className="verify__empty">Corrigez d’abord les valeurs qui ne sont pas des nombres.</p>
      </section>
    );
  }
  const summary = mergeSummary(stored, log);
  const groups = MERGE_GROUPS.filter((group) => summary[group].read > 0 || summary[group].stored > 0);
  return (
    <section className="verify__merge" aria-label="Ce que la validation change">
      <h3>Ce que la validation change</h3>
      <p className="verify__note">
        Les valeurs lues remplacent celles du forage à la même profondeur, et les autres lignes du forage sont gardées.
        Une ligne supprimée ci-dessus n’est pas retirée du forage : cochez-la ici pour la retirer.
      </p>
      <ul>
        {groups.map((group) => {
          const merge = summary[group];
          return (
            <li key={group} data-group={group}>
              <span>{mergeLine(group, merge, remove.has(group))}</span>
              {merge.unread.length > 0 && (
                <label className="verify__remove-choice">
                  <input
                    type="checkbox"
                    checked={remove.has(group)}
                    onChange={(event) => onRemove(group, event.target.checked)}
                  />
                  {removalLabel(group, merge)}
                </label>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
