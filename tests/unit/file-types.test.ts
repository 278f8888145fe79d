import { describe, expect, test } from "vitest";
import { cleanFileName, contentDisposition, detectFileType } from "../../netlify/lib/uploads/file-types";
import { docx, zip, zipPosingAsDocx } from "../functions/zip-fixture";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts
      .flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p))
      .concat(new Array(32).fill(0)),
  );

describe("detectFileType", () => {
  test.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe1]), "image/jpeg"],
    ["PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "image/png"],
    ["GIF", bytes("GIF89a"), "image/gif"],
    ["WebP", bytes("RIFF", [0, 0, 0, 0], "WEBP"), "image/webp"],
    ["HEIC (iPhone)", bytes([0, 0, 0, 24], "ftypheic"), "image/heic"],
    ["AVIF", bytes([0, 0, 0, 24], "ftypavif"), "image/avif"],
    ["TIFF", bytes([0x49, 0x49, 0x2a, 0x00]), "image/tiff"],
    ["PDF", bytes("%PDF-1.4"), "application/pdf"],
    ["DOC", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "application/msword"],
    ["DOCX", docx(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("recognises %s", (_name, data, mime) => {
    expect(detectFileType(data)?.mime).toBe(mime);
  });

  test.each([
    ["a Windows program", bytes("MZ")],
    ["an ELF program", bytes([0x7f], "ELF")],
    ["a shell script", bytes("#!/bin/sh")],
    ["SVG", bytes("<svg xmlns='http://www.w3.org/2000/svg'>")],
    ["HTML", bytes("<!doctype html>")],
    [
      "an XLSX (no word/document.xml in its directory)",
      zip([
        { name: "[Content_Types].xml", data: "<Types/>" },
        { name: "xl/workbook.xml", data: "<workbook/>" },
      ]),
    ],
    ["a plain ZIP", zip([{ name: "photos/a.jpg", data: "x" }])],
    ["a ZIP whose bytes only mention the DOCX names", zipPosingAsDocx()],
    [
      "the old check's DOCX (names in the bytes, no central directory)",
      bytes([0x50, 0x4b, 3, 4], "[Content_Types].xml word/document.xml"),
    ],
    ["an empty file", new Uint8Array(0)],
  ])("refuses %s", (_name, data) => {
    expect(detectFileType(data)).toBeNull();
  });
});

describe("cleanFileName", () => {
  test.each([
    ["roof.jpg", "roof.jpg"],
    ["  Survey – Glen’s.docx ", "Survey – Glen’s.docx"],
    ["..hidden.jpg", null],
    ["../../etc/passwd", null],
    ["C:\\photos\\roof.jpg", null],
    ["a/b.jpg", null],
    ["bell\u0007.jpg", null],
    ["", null],
    ["x".repeat(201), null],
    [42, null],
  ])("%j → %j", (input, expected) => {
    expect(cleanFileName(input)).toBe(expected);
  });
});

test("contentDisposition keeps the exact name and an ASCII fallback without quotes", () => {
  expect(contentDisposition("attachment", 'Plan "A"; v2 – ü.docx')).toBe(
    `attachment; filename="Plan _A__ v2 _ _.docx"; filename*=UTF-8''Plan%20%22A%22%3B%20v2%20%E2%80%93%20%C3%BC.docx`,
  );
});
