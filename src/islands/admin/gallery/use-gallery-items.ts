import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { errorDetail, fetchGallery, send } from "../../../lib/gallery/api";
import { ApiError } from "../../../lib/api-client";
import { swapWithNeighbour } from "../../../lib/gallery/order";
import type { GalleryItem, GalleryUpdateInput } from "../../../lib/gallery/schema";
import { UPLOAD_DEFAULT_DESCRIPTION } from "../../../lib/gallery/constants";
import { DEFAULT_GALLERY_CATEGORY } from "../../../lib/gallery/categories";
import { toast } from "../../../lib/toast-store";
import { UploadError, prepareImage, titleFromFileName, uploadImage } from "./prepare-image";

export type Upload = { phase: "preparing" } | { phase: "uploading"; progress: number } | { phase: "saving" };

/** Which control of a card gets the focus after the list reloads (a selector inside the card). */
export interface FocusAfterLoad {
  id: string;
  prefer: string;
}

export function errorToast(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

/**
 * The gallery admin's images (docs/spec.md, Gallery admin and Messages): loaded once unlocked, and reloaded after every
 * upload, edit, delete or reorder, whether it succeeded or not. After a reload the focus returns
 * to the card it was on, else to the heading.
 */
export function useGalleryItems(headingRef: RefObject<HTMLHeadingElement | null>) {
  const [items, setItems] = useState<GalleryItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<Upload | null>(null);
  const pendingFocus = useRef<FocusAfterLoad | null>(null);

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
  }, [load, headingRef]);

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
  }, [items, loading, headingRef]);

  const reorder = async (ids: string[], focus?: FocusAfterLoad) => {
    setBusy(true);
    try {
      await send("POST", "/api/admin/gallery/reorder", { imageIds: ids });
      toast({ title: "Success", description: "Images reordered successfully" });
    } catch (error) {
      errorToast(
        error instanceof ApiError && error.status === 400
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

  /** Prepares, uploads and adds one image at the end of the gallery, tagged with `area` if given. */
  const addImage = async (file: File, area: string) => {
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
          ...(area ? { area } : {}),
        });
      } catch (error) {
        throw new Error(
          `Failed to add to gallery: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      toast({ title: "Success", description: "Image uploaded successfully" });
    } catch (error) {
      // docs/spec.md, Messages: one message for the owner; the cause ('Upload failed' or 'Failed to add to gallery') for the console.
      console.error(error instanceof UploadError || error instanceof Error ? error.message : error);
      errorToast("Failed to upload image");
    } finally {
      setUpload(null);
      await load();
      setBusy(false);
    }
  };

  return { items, loading, loadError, busy, upload, load, reorder, move, save, remove, addImage };
}
