import type { AdminAttachment } from "../../../lib/admin/quotes";
import { formatFileSize } from "../../../lib/file-size";
import { buttonOutline } from "../../button";

/** Photos every browser draws: shown as a thumbnail in their View link (HEIC and PDFs are not). */
const SHOWN_IN_PAGE = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** The files the customer sent: each to download or to view in a new tab, photos as thumbnails. */
export default function LeadAttachments({ attachments }: { attachments: AdminAttachment[] }) {
  return (
    <>
      <h3 className="mt-8 text-lg font-bold text-brand-800">Attachments ({attachments.length})</h3>
      {attachments.length === 0 ? (
        <p className="mt-2 text-slate-700">No attachments</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {attachments.map((attachment) => (
            <li key={attachment.url} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <a
                  href={attachment.url}
                  download={attachment.name}
                  className="font-semibold break-all text-brand-700 underline"
                >
                  {attachment.name}
                </a>
                <p className="text-sm text-slate-700">{formatFileSize(attachment.size)}</p>
              </div>
              <a
                href={attachment.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${buttonOutline} min-w-20`}
              >
                {SHOWN_IN_PAGE.has(attachment.type) && (
                  <img
                    src={attachment.url}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={64}
                    height={64}
                    className="h-16 w-16 rounded object-cover"
                  />
                )}
                View<span className="sr-only"> {attachment.name} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
