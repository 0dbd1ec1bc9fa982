/**
 * Every file GéoSonde keeps under DATA_DIR/files, with the row that names it: the documents
 * (reports), the files of imports (their id written `import:<uuid>`) and the exports of the public
 * API (`export:exp_…`). Backups, the start-up
 * recovery of interrupted writes and `npm run check:data` all read this list.
 */
export const STORED_FILES_SQL = `
  SELECT id, storage_key AS key, size_bytes AS size FROM reports WHERE storage_key IS NOT NULL
  UNION ALL
  SELECT 'import:' || id, storage_key, size_bytes FROM imports
  UNION ALL
  SELECT 'export:' || id, storage_key, size_bytes FROM api_exports WHERE storage_key IS NOT NULL`;
