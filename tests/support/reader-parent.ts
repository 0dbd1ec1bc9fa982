// A process that starts reading a document (documentReader, as the server does), says so on its
// standard output and waits: the tests kill it to see its reading process go with it.
import { corePhotoPng } from '../../api/db/seed/sample-files.ts';
import { documentReader } from '../../api/digitise/document-worker.ts';

const reader = documentReader();
void reader.read(corePhotoPng({ id: 'MTL-BH-01', horizons: [] } as never), 'image/png').catch(() => {});
console.log('lecture commencée');
setInterval(() => {}, 60_000);
