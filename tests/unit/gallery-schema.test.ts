import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../../src/lib/field-errors";
import {
  GalleryCreateSchema,
  GalleryIdSchema,
  GalleryReorderSchema,
  GalleryUpdateSchema,
} from "../../src/lib/gallery/schema";
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

// Every field's refusal, whole: which messages, under which fields, in which order. The messages
// zod writes itself (no message in the schema) are zod's English ones.
describe("GalleryCreateSchema refusals", () => {
  const image = `/media/gallery/${ID}`;
  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ["no title", { imageUrl: image }, { title: ["Title is required"] }],
    ["a title that is a number", { title: 5, imageUrl: image }, { title: ["Title is required"] }],
    ["a blank title", { title: "   ", imageUrl: image }, { title: ["Title is required"] }],
    ["no image", { title: "x" }, { imageUrl: ["imageUrl is required"] }],
    [
      "a description too long",
      { title: "x", imageUrl: image, description: "x".repeat(1001) },
      { description: ["Description must be at most 1000 characters"] },
    ],
    [
      "a location too long",
      { title: "x", imageUrl: image, location: "x".repeat(121) },
      { location: ["Location must be at most 120 characters"] },
    ],
    [
      "a town we do not list",
      { title: "x", imageUrl: image, area: "atlantis" },
      { area: ["Please choose one of the towns we list"] },
    ],
    [
      "a negative display order",
      { title: "x", imageUrl: image, displayOrder: -1 },
      { displayOrder: ["Too small: expected number to be >=0"] },
    ],
    [
      "a negative fractional display order: whole numbers first, and only",
      { title: "x", imageUrl: image, displayOrder: -1.5 },
      { displayOrder: ["Invalid input: expected int, received number"] },
    ],
    [
      "everything wrong at once",
      { title: "x".repeat(200), imageUrl: "nope", category: "x", description: 1, location: 2 },
      {
        title: ["Title must be at most 120 characters"],
        description: ["Invalid input: expected string, received number"],
        location: ["Invalid input: expected string, received number"],
        imageUrl: ["imageUrl must be an image uploaded to the gallery"],
        category: ["Please choose a category"],
      },
    ],
  ])("%s", (_name, input, fieldErrors) => {
    const result = GalleryCreateSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual(fieldErrors);
  });
});

describe("gallery ids and order", () => {
  it.each([["0f8fad5b"], [ID]])("%s is an id", (id) =>
    expect(GalleryIdSchema.safeParse(id).success).toBe(true),
  );
  it.each([["abc"], ["ABCDEFGHI"], ["x".repeat(65)], [5]])("%s is not: Unknown id", (id) => {
    const result = GalleryIdSchema.safeParse(id);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(
      typeof id === "string" ? ["Unknown id"] : ["Invalid input: expected string, received number"],
    );
  });
  it.each<[unknown, Record<string, string[]>]>([
    [{ imageIds: "a" }, { imageIds: ["imageIds must be a list of ids"] }],
    [{}, { imageIds: ["imageIds must be a list of ids"] }],
    [{ imageIds: ["a", 1] }, { "imageIds.1": ["Invalid input: expected string, received number"] }],
  ])("reorder %j", (input, fieldErrors) => {
    const result = GalleryReorderSchema.safeParse(input);
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual(fieldErrors);
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
