import { useEffect, useId, useState } from "react";
import { useModalDialog } from "../../use-modal-dialog";
import { GALLERY_CATEGORIES } from "../../../lib/gallery/categories";
import { fieldErrorsOf } from "../../../lib/field-errors";
import { GalleryUpdateSchema, type GalleryItem, type GalleryUpdateInput } from "../../../lib/gallery/schema";
import { buttonNeutral, buttonSecondary } from "../../button";

interface Props {
  item: GalleryItem | null;
  towns: readonly { slug: string; name: string }[];
  onCancel: () => void;
  onSave: (item: GalleryItem, input: GalleryUpdateInput) => Promise<boolean>;
}

/** The Edit Image dialog (docs/spec.md, Gallery admin): title, description, category, town; Cancel or Save. */
export default function EditImageDialog({ item, towns, onCancel, onSave }: Props) {
  const ref = useModalDialog(item !== null);
  const id = useId();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<string>("all");
  const [area, setArea] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!item) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the form follows the item the dialog opens for
    setTitle(item.title);
    setDescription(item.description ?? "");
    setCategory(item.category ?? "all");
    setArea(item.area ?? "");
    setErrors({});
  }, [item]);

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!item) return;
    const parsed = GalleryUpdateSchema.safeParse({ title, description, category, area: area || null });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSaving(true);
    const saved = await onSave(item, parsed.data);
    setSaving(false);
    if (saved) ref.current?.close();
  };

  const fieldError = (name: string) =>
    errors[name]?.length ? (
      <p id={`${id}-${name}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
        {errors[name]?.join(" ")}
      </p>
    ) : null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onCancel}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] max-w-none rounded-xl bg-white p-0 shadow-2xl backdrop:bg-slate-950/70"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="p-6">
        <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
          Edit Image
        </h2>
        <label htmlFor={`${id}-name`} className="mt-4 block font-semibold text-slate-900">
          Title
        </label>
        <input
          id={`${id}-name`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2"
        />
        {fieldError("title")}
        <label htmlFor={`${id}-description`} className="mt-4 block font-semibold text-slate-900">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2"
        />
        {fieldError("description")}
        <label htmlFor={`${id}-category`} className="mt-4 block font-semibold text-slate-900">
          Category
        </label>
        <select
          id={`${id}-category`}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2"
        >
          {GALLERY_CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {fieldError("category")}
        <label htmlFor={`${id}-area`} className="mt-4 block font-semibold text-slate-900">
          Town
        </label>
        <select
          id={`${id}-area`}
          value={area}
          onChange={(event) => setArea(event.target.value)}
          aria-describedby={`${id}-area-help`}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2"
        >
          <option value="">No town</option>
          {towns.map((town) => (
            <option key={town.slug} value={town.slug}>
              {town.name}
            </option>
          ))}
        </select>
        <p id={`${id}-area-help`} className="mt-1 text-sm text-slate-700">
          The project is shown on that town&apos;s page.
        </p>
        {fieldError("area")}
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" onClick={() => ref.current?.close()} className={buttonNeutral}>
            Cancel
          </button>
          <button type="submit" disabled={saving} className={buttonSecondary}>
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
