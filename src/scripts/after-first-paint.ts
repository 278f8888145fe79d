/**
 * Runs `start` once the page has painted its first content, so a page's own script and whatever it
 * imports are fetched after the first paint and never ahead of it (docs/quality.md, "First paint").
 * The browser's paint timing says when; one without it starts at the load event instead.
 */
export function afterFirstPaint(start: () => void): void {
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      start();
    });
    // `buffered` also reports a paint that happened before this script ran.
    observer.observe({ type: "paint", buffered: true });
  } else if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}
