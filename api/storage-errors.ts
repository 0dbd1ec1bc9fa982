/**
 * Failures of the storage under the data (the disk is full, or read-only), told apart from the
 * others so that users get a clear French sentence and a 507 instead of an internal error.
 * Recognises file-system errors (ENOSPC, EROFS…) and PostgreSQL's (disk_full 53100, and the
 * read-only states 25006 and 57P03 of a server that cannot write).
 */
export function storageProblem(error: unknown): string | null {
  const { code } = (error ?? {}) as { code?: unknown };
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
    case '53100':
      return 'Espace disque insuffisant sur le serveur : rien n’a été enregistré. Réessayez plus tard ou prévenez l’administrateur.';
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
    case '25006':
      return 'Le stockage du serveur est en lecture seule : rien n’a été enregistré. Prévenez l’administrateur.';
    default:
      return null;
  }
}
