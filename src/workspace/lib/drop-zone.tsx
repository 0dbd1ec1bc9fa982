import { useRef, useState, type DragEvent } from 'react';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';

export interface UploadDropZoneProps {
  onFiles: (files: FileList | null) => void;
  /** The file types offered by 'Parcourir…', and the line that names them. */
  accept?: string;
  hint?: string;
  multiple?: boolean;
}

/** Where files are dropped, or browsed for with 'Parcourir…'. */
export function UploadDropZone({
  onFiles,
  accept = ACCEPT,
  hint = 'PDF, PNG, JPEG ou TIFF · plusieurs fichiers à la fois',
  multiple = true,
}: UploadDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  };
  return (
    <div
      className="upload-dialog__drop"
      data-dragging={dragging}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p>Glissez-déposez {multiple ? 'vos fichiers' : 'votre fichier'} ici</p>
      <p className="upload-dialog__hint">{hint}</p>
      <button type="button" className="button" onClick={() => input.current?.click()}>
        Parcourir…
      </button>
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={accept}
        hidden
        aria-label={multiple ? 'Choisir des fichiers' : 'Choisir un fichier'}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
