/**
 * A text cut into lines of at most `width` characters, between words, at most `lines` of them;
 * a word longer than a line is cut, and what does not fit ends the last line with '…'.
 *
 * @example wrapWords('Remblai de déchets (ancienne carrière)', 30, 3) // ['Remblai de déchets (ancienne', 'carrière)']
 */
export function wrapWords(text: string, width: number, lines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const wrapped: string[] = [];
  let line = '';
  for (const word of words) {
    const joined = line ? `${line} ${word}` : word;
    if (joined.length <= width) line = joined;
    else {
      if (line) wrapped.push(line);
      line = word;
      while (line.length > width) {
        wrapped.push(line.slice(0, width));
        line = line.slice(width);
      }
    }
  }
  if (line) wrapped.push(line);
  if (wrapped.length <= lines) return wrapped;
  const rest = wrapped.slice(lines - 1).join(' ');
  return [...wrapped.slice(0, lines - 1), `${rest.slice(0, width - 1).trimEnd()}…`];
}
