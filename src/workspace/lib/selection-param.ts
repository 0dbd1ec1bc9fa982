/**
 * The selected boreholes in the page's address (`selected=MTL-BH-01,MTL-BH-07`), apart from the
 * search: a copied address gives a colleague the same selection, and choosing a borehole neither
 * adds a history entry nor runs the search again.
 */
export const SELECTED_PARAM = 'selected';

/** The ids a query string selects. */
export function selectedIn(search: string): string[] {
  const value = new URLSearchParams(search).get(SELECTED_PARAM) ?? '';
  return [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean).slice(0, 1000);
}

/**
 * A query string with its selection replaced (removed when there is none).
 *
 * @example withSelected('?tenant=montreal', ['A', 'B']) // '?tenant=montreal&selected=A%2CB'
 */
export function withSelected(search: string, ids: Iterable<string>): string {
  const params = new URLSearchParams(search);
  const list = [...ids];
  if (list.length > 0) params.set(SELECTED_PARAM, list.join(','));
  else params.delete(SELECTED_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}
