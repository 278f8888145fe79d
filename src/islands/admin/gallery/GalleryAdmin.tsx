import { useId, useRef, useState } from "react";
import type { GalleryItem } from "../../../lib/gallery/schema";
import { toast } from "../../../lib/toast-store";
import { currentUser, login, logout } from "../../../lib/admin/api";
import { signInWithPasskey } from "../../../lib/admin/passkey-client";
import { buttonNeutral, buttonSecondary } from "../../button";
import PasswordScreen from "../PasswordScreen";
import AdminImageCard from "./AdminImageCard";
import EditImageDialog from "./EditImageDialog";
import ConfirmDialog from "../ConfirmDialog";
import { errorToast, useGalleryItems } from "./use-gallery-items";
import { useReorderGestures } from "./use-reorder-gestures";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** A town a project can be tagged with (content/towns/), by name. */
export interface TownChoice {
  slug: string;
  name: string;
}

/** docs/spec.md, Messages: the gallery admin's sign-in feedback is a toast. Resolves to true when signed in. */
async function signIn(password: string): Promise<boolean> {
  try {
    const result = await login(password);
    if (result.status === "ok") {
      toast({ title: "Access Granted", description: "Welcome to Gallery Admin" });
      return true;
    }
    if (result.status === "incorrect") {
      toast({ title: "Access Denied", description: "Incorrect password", variant: "destructive" });
    } else {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      toast({
        title: "Access Denied",
        description: `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        variant: "destructive",
      });
    }
  } catch (error) {
    errorToast(
      error instanceof TypeError
        ? "Could not reach the server. Please try again."
        : `Sign-in is unavailable (${error instanceof Error ? error.message : String(error)}). Please try again later.`,
    );
  }
  return false;
}

/** Signs in with a passkey; the crew's role does not edit the gallery (docs/staff.md). */
async function passkeySignIn(): Promise<boolean> {
  try {
    const outcome = await signInWithPasskey();
    if (outcome === "cancelled") return false;
    if (outcome === "unknown") {
      toast({
        title: "Access Denied",
        description: "This passkey is not known here",
        variant: "destructive",
      });
      return false;
    }
    if ((await currentUser())?.role === "crew") {
      await logout();
      toast({
        title: "Access Denied",
        description: "The crew's role cannot edit the gallery",
        variant: "destructive",
      });
      return false;
    }
    toast({ title: "Access Granted", description: "Welcome to Gallery Admin" });
    return true;
  } catch (error) {
    errorToast(
      `Sign-in is unavailable (${error instanceof Error ? error.message : String(error)}). Please try again later.`,
    );
    return false;
  }
}

/** The gallery admin screen (docs/spec.md, Gallery admin and States): locked on every page load; unlocked in memory only. */
export default function GalleryAdmin({ towns }: { towns: TownChoice[] }) {
  const [unlocked, setUnlocked] = useState(false);
  if (!unlocked) {
    const unlock = async (password: string) => {
      const accepted = await signIn(password);
      if (accepted) setUnlocked(true);
      return accepted;
    };
    return (
      <div className="py-16">
        <PasswordScreen
          title="Gallery Admin"
          purpose="Enter the admin password to manage gallery images."
          onSubmit={unlock}
          onPasskey={async () => {
            const accepted = await passkeySignIn();
            if (accepted) setUnlocked(true);
            return accepted;
          }}
        />
      </div>
    );
  }
  return <AdminScreen towns={towns} onLock={() => setUnlocked(false)} />;
}

function AdminScreen({ towns, onLock }: { towns: TownChoice[]; onLock: () => void }) {
  const uploadId = useId();
  const uploadAreaId = useId();
  const [uploadArea, setUploadArea] = useState("");
  const [editing, setEditing] = useState<GalleryItem | null>(null);
  const [deleting, setDeleting] = useState<GalleryItem | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { items, loading, loadError, busy, upload, load, reorder, move, save, remove, addImage } =
    useGalleryItems(headingRef);
  const { shown, grab, drag, announcement, onHandleKeyDown, onHandlePointerDown } = useReorderGestures(
    items,
    busy,
    reorder,
  );

  const signOut = async () => {
    try {
      await logout();
    } catch {
      // The screen locks regardless; the session expires on its own.
    }
    onLock();
  };

  const uploadStatus =
    upload?.phase === "preparing"
      ? "Preparing image..."
      : upload?.phase === "uploading"
        ? `Uploading... ${Math.round(upload.progress * 100)}%`
        : upload?.phase === "saving"
          ? "Adding to gallery..."
          : "";

  return (
    <div className="py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
            Gallery Admin
          </h1>
          <p className="mt-1 text-slate-700">
            Changes appear on the public gallery at once. Reorder with the arrows or by dragging a card&apos;s
            handle.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-nowrap">
          <button type="button" onClick={() => void load()} disabled={loading} className={buttonNeutral}>
            Reload ({items.length})
          </button>
          <label htmlFor={uploadAreaId} className="sr-only">
            Town for new images
          </label>
          <select
            id={uploadAreaId}
            value={uploadArea}
            onChange={(event) => setUploadArea(event.target.value)}
            disabled={busy}
            className="min-h-11 rounded-lg border-2 border-slate-300 bg-white px-3 py-2 font-semibold text-slate-800"
          >
            <option value="">New images: no town</option>
            {towns.map((town) => (
              <option key={town.slug} value={town.slug}>
                New images: {town.name}
              </option>
            ))}
          </select>
          <label
            htmlFor={uploadId}
            className={`inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-accent-600 px-4 py-2 font-semibold text-white hover:bg-accent-700 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 ${busy ? "pointer-events-none opacity-60" : ""}`}
          >
            Add New Image
            <input
              id={uploadId}
              type="file"
              accept={ACCEPT}
              disabled={busy}
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void addImage(file, uploadArea);
              }}
            />
          </label>
          <button type="button" onClick={() => void signOut()} className={buttonSecondary}>
            Logout
          </button>
        </div>
      </div>

      <div role="status" className="mt-4 min-h-6">
        {upload && (
          <div className="flex items-center gap-3">
            <progress
              aria-label="Upload progress"
              max={1}
              value={
                upload.phase === "uploading" ? upload.progress : upload.phase === "saving" ? 1 : undefined
              }
              className="h-2 w-48"
            />
            <span className="text-sm font-medium text-slate-800">{uploadStatus}</span>
          </div>
        )}
      </div>
      <p id="gallery-admin-drag-help" className="sr-only">
        Press Space or Enter to pick the image up, the arrow keys to move it, Space or Enter to drop it,
        Escape to cancel.
      </p>
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>

      <h2 className="sr-only">Gallery Images</h2>
      {loadError ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-6">
          <p className="font-semibold text-red-800">Error loading gallery: {loadError}</p>
          <button type="button" onClick={() => void load()} className={`${buttonSecondary} mt-4`}>
            Retry
          </button>
        </div>
      ) : loading && items.length === 0 ? (
        <p className="mt-6 text-slate-700">Loading gallery...</p>
      ) : items.length === 0 ? (
        <p className="mt-6 text-slate-700">No images yet. Use ‘Add New Image’ to upload the first one.</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={loading}>
          {shown.map((item, index) => (
            <li key={item.id}>
              <AdminImageCard
                item={item}
                townName={towns.find((town) => town.slug === item.area)?.name}
                position={index}
                count={shown.length}
                busy={busy}
                grabbed={grab?.id === item.id || drag?.id === item.id}
                dropTarget={Boolean(drag && drag.overId === item.id && drag.id !== item.id)}
                onMove={move}
                onEdit={setEditing}
                onDelete={setDeleting}
                onHandleKeyDown={onHandleKeyDown}
                onHandlePointerDown={onHandlePointerDown}
              />
            </li>
          ))}
        </ul>
      )}

      <EditImageDialog item={editing} towns={towns} onCancel={() => setEditing(null)} onSave={save} />
      <ConfirmDialog
        item={deleting}
        title="Delete image?"
        describe={(item) =>
          `“${item.title}” will be removed from the gallery and its image deleted. This cannot be undone.`
        }
        onCancel={() => setDeleting(null)}
        onConfirm={(item) => {
          setDeleting(null);
          void remove(item);
        }}
      />
    </div>
  );
}
