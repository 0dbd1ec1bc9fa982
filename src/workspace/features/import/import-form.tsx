import { CRS_TABLE } from '../../../domain/crs/crs-table.ts';
import { UploadDropZone } from '../../lib/drop-zone.tsx';

/** What an import accepts: an AGS file, an AGS submission as ZIP, or the GéoSonde template. */
export const IMPORT_ACCEPT = '.ags,.zip,.xlsx,.csv';

interface ImportFormProps {
  file: File | null;
  crs: string;
  /** Share of the upload sent (0–1) while it is sent, else null. */
  sending: number | null;
  onFile: (file: File | null) => void;
  onCrs: (crs: string) => void;
  onCheck: () => void;
}

/**
 * The file to import, the coordinate system to read it with when it names none, and 'Vérifier le
 * fichier' with the upload's progress; the templates for spreadsheets are linked beside it.
 */
export function ImportForm({ file, crs, sending, onFile, onCrs, onCheck }: ImportFormProps) {
  return (
    <form
      className="import-screen__form"
      onSubmit={(event) => {
        event.preventDefault();
        onCheck();
      }}
    >
      <UploadDropZone
        onFiles={(files) => onFile(files?.[0] ?? null)}
        accept={IMPORT_ACCEPT}
        hint="Un fichier AGS 4 (.ags), une remise AGS avec ses documents (.zip) ou le modèle GéoSonde (.xlsx, .csv), vérifié avant tout enregistrement"
        multiple={false}
      />
      <p className="import-screen__templates">
        Vos données sont dans un tableur ? Remplissez le modèle :{' '}
        <a href="/api/imports/modele.xlsx" download>
          Modèle Excel (.xlsx)
        </a>{' '}
        ·{' '}
        <a href="/api/imports/modele-csv.zip" download>
          Modèles CSV (.zip)
        </a>
      </p>
      {file && (
        <p className="import-screen__file">
          Fichier : <strong>{file.name}</strong>
        </p>
      )}
      <label className="field">
        Système de coordonnées, si le fichier n’en donne pas (LOCA_GREF vide)
        <select value={crs} onChange={(event) => onCrs(event.target.value)}>
          <option value="">— Celui du fichier —</option>
          {CRS_TABLE.map((system) => (
            <option key={system.code} value={system.code}>
              {system.label} ({system.code})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={!file || sending !== null}>
        Vérifier le fichier
      </button>
      {sending !== null && (
        <progress max={1} value={sending} aria-label="Envoi et vérification">
          {Math.round(sending * 100)} %
        </progress>
      )}
    </form>
  );
}
