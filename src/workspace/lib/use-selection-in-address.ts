import { useEffect } from 'react';
import { withSelected } from './selection-param.ts';

/**
 * Writes the selection into the address (`selected=`), without a history entry, once `ready` says
 * the rows it selects among are there: a reload or a shared link shows the same rows selected.
 */
export function useSelectionInAddress(selected: ReadonlySet<string>, ready: boolean) {
  const key = [...selected].join(',');
  useEffect(() => {
    if (!ready) return;
    const next = withSelected(window.location.search, key ? key.split(',') : []);
    if (next !== window.location.search) {
      history.replaceState(history.state, '', `${window.location.pathname}${next}${window.location.hash}`);
    }
  }, [key, ready]);
}
