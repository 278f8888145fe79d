/** Images made in the test with sharp (never copied photos). */
import sharp from "sharp";

/** A JPEG carrying EXIF with GPS coordinates and a rotate-90 orientation. */
export async function jpegWithGps(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Roof 1", Artist: "Owner Name" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "56/1 7/1 30/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "4/1 10/1 12/1",
      },
    })
    .toBuffer();
}

export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: "#336699" } })
    .png()
    .toBuffer();
}

/** A multipart request body with `bytes` in field `image`. */
export function imageForm(bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg"): FormData {
  const form = new FormData();
  form.append("image", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return form;
}
