import { useRef, useState, type DragEvent } from 'react';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';

export interface UploadDropZoneProps {
  onFiles: (files: FileList | null) => void;
}

/** Where files are dropped, or browsed for with 'Parcourir…'. */
export function UploadDropZone({ onFiles }: UploadDropZoneProps) {
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
      <p>Glissez-déposez vos fichiers ici</p>
      <p className="upload-dialog__hint">PDF, PNG, JPEG ou TIFF · plusieurs fichiers à la fois</p>
      <button type="button" className="button" onClick={() => input.current?.click()}>
        Parcourir…
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label="Choisir des fichiers"
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
