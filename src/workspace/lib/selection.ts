/** A selection with one id added, or removed if it was there; the original is left as it is. */
export function toggled(selection: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
