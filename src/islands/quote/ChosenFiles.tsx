import { formatFileSize } from "../../lib/file-size";
import type { ChosenFile } from "./quote-form-state";

interface Props {
  files: readonly ChosenFile[];
  /** While sending: each file shows its upload progress and cannot be removed. */
  sending: boolean;
  onRemove: (key: string) => void;
}

/** The files picked for the quote: name, size, upload progress and a Remove button each. */
export default function ChosenFiles({ files, sending, onRemove }: Props) {
  return (
    <ul
      aria-label="Chosen files"
      className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200"
    >
      {files.map((item) => (
        <li key={item.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
          <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{item.file.name}</span>
          <span className="text-sm text-slate-600">{formatFileSize(item.file.size)}</span>
          {sending || item.uploadId ? (
            <progress
              className="h-2 w-full accent-brand-700"
              max={item.file.size || 1}
              value={item.uploadId ? item.file.size : item.sent}
              aria-label={`Upload progress for ${item.file.name}`}
            />
          ) : null}
          <button
            type="button"
            onClick={() => onRemove(item.key)}
            disabled={sending}
            aria-label={`Remove ${item.file.name}`}
            className="inline-flex min-h-8 items-center rounded-md px-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
