import { describe, expect, it } from "vitest";
import { sniffImageType } from "../../src/lib/file-signature";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffImageType", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/jpeg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "image/png"],
    ["GIF87a", bytes("GIF87a", [1, 0]), "image/gif"],
    ["GIF89a", bytes("GIF89a", [1, 0]), "image/gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["AVIF major brand", bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "mif1miaf"), "image/avif"],
    ["AVIF compatible brand", bytes([0, 0, 0, 0x1c], "ftypmif1", [0, 0, 0, 0], "miafavif"), "image/avif"],
    ["AVIF sequence", bytes([0, 0, 0, 0x18], "ftypavis", [0, 0, 0, 0], "msf1"), "image/avif"],
    ["HEIC is not AVIF", bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1"), null],
    ["MP4 is not AVIF", bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0], "mp41"), null],
    ["RIFF WAVE is not WebP", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "), null],
    ["PDF", bytes("%PDF-1.7\n"), null],
    ["HTML", bytes("<!doctype html>"), null],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    ["truncated JPEG", bytes([0xff, 0xd8]), null],
    ["empty", bytes(), null],
  ])("%s", (_name, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });
});
