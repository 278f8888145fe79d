import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../../src/lib/field-errors";
import { GalleryCreateSchema, GalleryUpdateSchema } from "../../src/lib/gallery/schema";
import { imageIdFromUrl, responsiveImage } from "../../src/lib/gallery/images";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("imageIdFromUrl", () => {
  it.each([
    [`/media/gallery/${ID}`, ID],
    [`/media/gallery/${ID}/640`, null],
    [`https://evil.example/media/gallery/${ID}`, null],
    ["/media/gallery/../secrets", null],
    ["/media/gallery/ABC", null],
  ])("%s → %s", (url, expected) => {
    expect(imageIdFromUrl(url)).toBe(expected);
  });
});

describe("GalleryCreateSchema", () => {
  it("accepts the upload's payload and defaults the category", () => {
    const parsed = GalleryCreateSchema.parse({
      title: " roof ",
      description: "Uploaded via Gallery Admin",
      imageUrl: `/media/gallery/${ID}`,
      displayOrder: 3,
    });
    expect(parsed).toMatchObject({ title: "roof", category: "all", displayOrder: 3 });
  });

  it.each([
    [{ title: "", imageUrl: `/media/gallery/${ID}` }, "title", "Title is required"],
    [
      { title: "x".repeat(121), imageUrl: `/media/gallery/${ID}` },
      "title",
      "Title must be at most 120 characters",
    ],
    [
      { title: "x", imageUrl: "https://elsewhere.example/a.jpg" },
      "imageUrl",
      "imageUrl must be an image uploaded to the gallery",
    ],
    [
      { title: "x", imageUrl: `/media/gallery/${ID}`, category: "roofs" },
      "category",
      "Please choose a category",
    ],
  ])("rejects %j", (input, field, message) => {
    const result = GalleryCreateSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)[field]).toContain(message);
  });
});

describe("GalleryUpdateSchema", () => {
  it.each([
    [{ title: "A", description: "B", category: "repairs" }, true],
    [{ title: "A", category: "rendering" }, true],
    [{ title: "A", description: "B" }, false],
    [{ title: " ", description: "B", category: "repairs" }, false],
  ])("%j valid: %s", (input, valid) => {
    expect(GalleryUpdateSchema.safeParse(input).success).toBe(valid);
  });
});

describe("responsiveImage", () => {
  it.each([
    [
      `/media/gallery/${ID}`,
      2048,
      `/media/gallery/${ID}/640 640w, /media/gallery/${ID}/1280 1280w, /media/gallery/${ID} 2048w`,
    ],
    [`/media/gallery/${ID}`, 900, `/media/gallery/${ID}/640 640w, /media/gallery/${ID} 900w`],
    [`/media/gallery/${ID}`, 500, `/media/gallery/${ID} 500w`],
    ["/images/other.svg", 500, undefined],
  ])("%s at %d", (url, width, srcSet) => {
    expect(responsiveImage(url, width)).toEqual({ src: url, ...(srcSet ? { srcSet } : {}) });
  });
});
