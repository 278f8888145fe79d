/** The one file-size formatter of the site (quote form and admin list). Browser-safe. */

/** "512 B", "2.4 KB", "4.8 MB" (1 KB = 1024 bytes); "" for a size that is not one. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
