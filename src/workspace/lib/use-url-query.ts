import { useEffect, useState } from 'react';

/** Keeps the URL's query in state; the back button restores an earlier search. */
export function useUrlQuery(): [string, (search: string, replace?: boolean) => void] {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
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
