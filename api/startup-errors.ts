import { OperatorMessage } from './operator-message.ts';

/**
 * Ends a command that could not start: the French line of a known cause (data folder owned by
 * another process, embedded PostgreSQL that cannot run, data folder read-only or full), the
 * whole error otherwise.
 */
export function exitWithMessage(error: unknown): never {
  console.error(startupMessage(error) ?? error);
  process.exit(1);
}

/** The one-line French explanation of a known start-up failure, else null. */
export function startupMessage(error: unknown): string | null {
  if (error instanceof OperatorMessage) return error.message;
  const { code, path } = error as NodeJS.ErrnoException;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return `Le dossier de données n’est pas accessible en écriture (${path ?? 'DATA_DIR'}) : vérifiez ses droits ou choisissez un autre DATA_DIR.`;
  }
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return `Le disque du dossier de données est plein (${path ?? 'DATA_DIR'}) : libérez de l’espace, puis relancez.`;
  }
  return null;
}
