import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import { HttpError, errorDetail, fetchGallery, send } from "../../../lib/gallery/api";
import { moveTo, swapWithNeighbour } from "../../../lib/gallery/order";
import type { GalleryItem, GalleryUpdateInput } from "../../../lib/gallery/schema";
import { UPLOAD_DEFAULT_DESCRIPTION } from "../../../lib/gallery/constants";
import { DEFAULT_GALLERY_CATEGORY } from "../../../lib/gallery/categories";
import { toast } from "../../../lib/toast-store";
import { login, logout } from "../../../lib/admin/api";
import PasswordScreen from "../PasswordScreen";
import AdminImageCard from "./AdminImageCard";
import EditImageDialog from "./EditImageDialog";
import ConfirmDeleteDialog from "./ConfirmDeleteDialog";
import { UploadError, prepareImage, titleFromFileName, uploadImage } from "./prepare-image";
import { buttonNeutral, buttonSecondary } from "../../button";

type Upload = { phase: "preparing" } | { phase: "uploading"; progress: number } | { phase: "saving" };

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

function errorToast(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

/** A town a project can be tagged with (content/towns/), by name. */
export interface TownChoice {
  slug: string;
  name: string;
}

/** SPEC.md §8: the gallery admin's sign-in feedback is a toast. Resolves to true when signed in. */
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

/** The gallery admin screen (SPEC.md §2, §4): locked on every page load; unlocked in memory only. */
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
  const [items, setItems] = useState<GalleryItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<GalleryItem | null>(null);
  const [deleting, setDeleting] = useState<GalleryItem | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [grab, setGrab] = useState<{ id: string; order: string[] } | null>(null);
  const [drag, setDrag] = useState<{ id: string; overId: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<{ id: string; prefer: string } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await fetchGallery(true));
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    headingRef.current?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads the gallery from the server on mount
    void load();
  }, [load]);

  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted || loading) return;
    pendingFocus.current = null;
    const card = document.querySelector(`[data-item-id="${wanted.id}"]`);
    const candidates = [wanted.prefer, "[data-action=up]", "[data-action=down]", "[aria-pressed]"];
    for (const selector of candidates) {
      const button = card?.querySelector<HTMLButtonElement>(selector);
      if (button && !button.disabled) return button.focus();
    }
    headingRef.current?.focus();
  }, [items, loading]);

  const byId = new Map(items.map((item) => [item.id, item]));
  const shown = grab
    ? grab.order.map((id) => byId.get(id)).filter((i): i is GalleryItem => Boolean(i))
    : items;

  const reorder = async (ids: string[], focus?: { id: string; prefer: string }) => {
    setBusy(true);
    try {
      await send("POST", "/api/admin/gallery/reorder", { imageIds: ids });
      toast({ title: "Success", description: "Images reordered successfully" });
    } catch (error) {
      errorToast(
        error instanceof HttpError && error.status === 400
          ? "The gallery was changed elsewhere, so it has been reloaded. Please try the move again."
          : `Failed to reorder images: ${errorDetail(error)}`,
      );
    } finally {
      pendingFocus.current = focus ?? null;
      await load();
      setBusy(false);
    }
  };

  const move = (item: GalleryItem, by: -1 | 1) => {
    const ids = items.map((i) => i.id);
    const index = ids.indexOf(item.id);
    void reorder(swapWithNeighbour(ids, index, by), {
      id: item.id,
      prefer: by === -1 ? "[data-action=up]" : "[data-action=down]",
    });
  };

  const save = async (item: GalleryItem, input: GalleryUpdateInput): Promise<boolean> => {
    setBusy(true);
    try {
      await send("PUT", `/api/admin/gallery/${encodeURIComponent(item.id)}`, input);
      toast({ title: "Success", description: "Image updated successfully" });
      pendingFocus.current = { id: item.id, prefer: "[data-action=up]" };
      return true;
    } catch (error) {
      errorToast(`Failed to update image: ${errorDetail(error)}`);
      return false;
    } finally {
      await load();
      setBusy(false);
    }
  };

  const remove = async (item: GalleryItem) => {
    setDeleting(null);
    setBusy(true);
    try {
      await send("DELETE", `/api/admin/gallery/${encodeURIComponent(item.id)}`);
      toast({ title: "Success", description: "Image deleted successfully" });
    } catch (error) {
      errorToast(`Failed to delete image: ${errorDetail(error)}`);
    } finally {
      await load();
      setBusy(false);
      headingRef.current?.focus();
    }
  };

  const addImage = async (file: File) => {
    setBusy(true);
    setUpload({ phase: "preparing" });
    try {
      const blob = await prepareImage(file);
      setUpload({ phase: "uploading", progress: 0 });
      const imageUrl = await uploadImage(blob, file.name, (progress) =>
        setUpload({ phase: "uploading", progress }),
      );
      setUpload({ phase: "saving" });
      try {
        await send("POST", "/api/admin/gallery", {
          title: titleFromFileName(file.name),
          description: UPLOAD_DEFAULT_DESCRIPTION,
          imageUrl,
          category: DEFAULT_GALLERY_CATEGORY,
          displayOrder: items.length,
          ...(uploadArea ? { area: uploadArea } : {}),
        });
      } catch (error) {
        throw new Error(
          `Failed to add to gallery: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      toast({ title: "Success", description: "Image uploaded successfully" });
    } catch (error) {
      // SPEC.md §8: one message for the owner; the cause ('Upload failed' or 'Failed to add to gallery') for the console.
      console.error(error instanceof UploadError || error instanceof Error ? error.message : error);
      errorToast("Failed to upload image");
    } finally {
      setUpload(null);
      await load();
      setBusy(false);
    }
  };

  const signOut = async () => {
    try {
      await logout();
    } catch {
      // The screen locks regardless; the session expires on its own.
    }
    onLock();
  };

  const onHandleKeyDown = (item: GalleryItem, event: KeyboardEvent<HTMLButtonElement>) => {
    const key = event.key;
    if (!grab) {
      if (key === " " || key === "Enter") {
        event.preventDefault();
        const order = items.map((i) => i.id);
        setGrab({ id: item.id, order });
        setAnnouncement(
          `Picked up ${item.title}, position ${order.indexOf(item.id) + 1} of ${order.length}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
        );
      }
      return;
    }
    if (grab.id !== item.id) return;
    const index = grab.order.indexOf(item.id);
    if (["ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"].includes(key)) {
      event.preventDefault();
      const to = key === "ArrowUp" || key === "ArrowLeft" ? index - 1 : index + 1;
      const order = moveTo(grab.order, index, to);
      setGrab({ id: item.id, order });
      setAnnouncement(`${item.title}, position ${order.indexOf(item.id) + 1} of ${order.length}.`);
    } else if (key === " " || key === "Enter") {
      event.preventDefault();
      setGrab(null);
      const changed = grab.order.some((id, i) => id !== items[i]?.id);
      setAnnouncement(`${item.title} dropped at position ${index + 1}.`);
      if (changed) void reorder(grab.order, { id: item.id, prefer: "[aria-pressed]" });
    } else if (key === "Escape") {
      event.preventDefault();
      setGrab(null);
      setAnnouncement(`Reordering cancelled. ${item.title} stays where it was.`);
    }
  };

  // A picked-up card moves in the DOM as the arrows reorder it; keep focus on its handle.
  useEffect(() => {
    if (grab)
      document.querySelector<HTMLButtonElement>(`[data-item-id="${grab.id}"] [aria-pressed]`)?.focus();
  }, [grab]);

  const onHandlePointerDown = (item: GalleryItem, event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || busy) return;
    event.preventDefault();
    setDrag({ id: item.id, overId: item.id });
  };

  useEffect(() => {
    if (!drag) return;
    const over = (event: globalThis.PointerEvent) => {
      const card = document
        .elementFromPoint(event.clientX, event.clientY)
        ?.closest<HTMLElement>("[data-item-id]");
      const overId = card?.dataset.itemId;
      if (overId && overId !== drag.overId) setDrag({ id: drag.id, overId });
    };
    const up = () => {
      setDrag(null);
      const ids = items.map((i) => i.id);
      const from = ids.indexOf(drag.id);
      const to = ids.indexOf(drag.overId);
      if (from !== -1 && to !== -1 && from !== to)
        void reorder(moveTo(ids, from, to), { id: drag.id, prefer: "[aria-pressed]" });
    };
    const cancel = () => setDrag(null);
    window.addEventListener("pointermove", over);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    return () => {
      window.removeEventListener("pointermove", over);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
    };
  });

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
                if (file) void addImage(file);
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
      <ConfirmDeleteDialog
        item={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(item) => void remove(item)}
      />
    </div>
  );
}
