import { lazy, Suspense, useRef } from "react";
import { MAX_ATTACHMENT_MB, MAX_ATTACHMENTS } from "../../lib/constants";
import { ATTACHMENT_ACCEPT } from "../../lib/quote/upload";
import { loadChosenFiles } from "./load-later";
import type { ChosenFile } from "./quote-form-state";

const ChosenFiles = lazy(loadChosenFiles);

interface Props {
  /** The form's `useId`. */
  idPrefix: string;
  files: readonly ChosenFile[];
  error?: string | false;
  /** While sending: the picker is disabled and each file shows its upload progress. */
  sending: boolean;
  /** Takes the picked files; false when the pick was refused, which clears the picker. */
  onChoose: (picked: File[]) => Promise<boolean>;
  onRemove: (key: string) => void;
}

/** The optional photos and documents: the file picker and the chosen files with their progress. */
export default function AttachmentPicker({ idPrefix, files, error, sending, onChoose, onRemove }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    if (input.current) input.current.value = "";
  };
  const id = `${idPrefix}-attachments`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900">
        Photos or documents (optional)
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        Up to {MAX_ATTACHMENTS} files, each under {MAX_ATTACHMENT_MB}MB: images, PDF or Word documents.
      </p>
      <input
        ref={input}
        id={id}
        name="attachments"
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        disabled={sending}
        onChange={(event) => {
          void onChoose(Array.from(event.target.files ?? [])).then((taken) => taken || clear());
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ""}`}
        className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <Suspense fallback={null}>
          <ChosenFiles
            files={files}
            sending={sending}
            onRemove={(key) => {
              onRemove(key);
              clear();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
