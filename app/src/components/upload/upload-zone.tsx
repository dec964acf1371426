// Where files are given to the uploader: dropped onto the zone, or chosen with its file button
// (a real file input, so a keyboard reaches it and Enter or Space opens the picker), which
// offers the formats core's `acceptedUploadTypes` lists (the same rule the server checks).
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadKind } from '@/lib/api/types';
import { acceptedUploadTypes } from '@/lib/core-pages';
import './upload.css';

export function UploadZone({
  kind,
  multiple = false,
  label,
  hint,
  disabled = false,
  onFiles,
}: {
  kind: UploadKind;
  multiple?: boolean;
  /** The file button's text. */
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const [over, setOver] = useState(false);
  const give = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    give(event.dataTransfer.files);
  };

  return (
    <div
      className={over ? 'upload-zone upload-zone--over' : 'upload-zone'}
      role="group"
      aria-labelledby={`${id}-lead`}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={(event) => {
        // Moving over the zone's own text or button is still over the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
    >
      <p id={`${id}-lead`} className="upload-zone__lead">
        {multiple ? t('console.upload.dropMany') : t('console.upload.dropOne')}
      </p>
      <label
        className={
          disabled ? 'button button--primary upload-zone__pick is-disabled' : 'button button--primary upload-zone__pick'
        }
      >
        <input
          type="file"
          className="visually-hidden"
          accept={acceptedUploadTypes({ kind }).accept}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            give(event.target.files);
            // The same file can be chosen again (after a cancel).
            event.target.value = '';
          }}
        />
        {label}
      </label>
      {hint ? <p className="field__hint">{hint}</p> : null}
    </div>
  );
}
