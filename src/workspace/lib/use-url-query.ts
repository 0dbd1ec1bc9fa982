import { useEffect, useState } from 'react';
import { withSelected } from './selection-param.ts';

/** The URL's search, without the selection (see selection-param.ts): what the data depends on. */
const currentSearch = () => withSelected(window.location.search, []);

/** Keeps the URL's query in state; the back button restores an earlier search. */
export function useUrlQuery(): [string, (search: string, replace?: boolean) => void] {
  const [search, setSearch] = useState(currentSearch);
  useEffect(() => {
    const onPop = () => setSearch(currentSearch());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = (next: string, replace = false) => {
    if (next === window.location.search) return;
    const url = `${window.location.pathname}${next}${window.location.hash}`;
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    setSearch(next);
  };
  return [search, go];
}
