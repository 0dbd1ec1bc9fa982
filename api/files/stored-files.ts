/**
 * Every file GéoSonde keeps under DATA_DIR/files, with the row that names it: the documents
 * (reports) and the files of imports (their id written `import:<uuid>`). Backups, the start-up
 * recovery of interrupted writes and `npm run check:data` all read this list.
 */
export const STORED_FILES_SQL = `
  SELECT id, storage_key AS key, size_bytes AS size FROM reports WHERE storage_key IS NOT NULL
  UNION ALL
  SELECT 'import:' || id, storage_key, size_bytes FROM imports`;
