import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { clearDraft, emptyValues, loadDraft, saveDraft } from "../../src/islands/quote/draft";

/** The rule as the form promises it: a draft is kept seven days. */
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

/** localStorage as the browser keeps it: strings by key. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { window?: unknown }).window = { localStorage: storage };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const values = { ...emptyValues(), firstName: "Morag", phone: "07700 900123", message: "Slates slipped." };

describe("the quote draft", () => {
  test("comes back on the next visit within seven days", () => {
    const saved = Date.UTC(2026, 10, 20, 9);
    saveDraft({ values, startedAt: saved - 60_000 }, saved);
    expect(loadDraft(saved + SEVEN_DAYS_MS - 1000)).toEqual({ values, startedAt: saved - 60_000 });
  });

  test("left untouched for longer than seven days, it is deleted from the browser, not shown", () => {
    const saved = Date.UTC(2026, 10, 20, 9);
    saveDraft({ values, startedAt: saved }, saved);
    expect(loadDraft(saved + SEVEN_DAYS_MS + 1000)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  test("each change restarts the seven days", () => {
    const started = Date.UTC(2026, 10, 1);
    saveDraft({ values, startedAt: started }, started);
    saveDraft({ values, startedAt: started }, started + 6 * 24 * 60 * 60 * 1000);
    expect(loadDraft(started + 10 * 24 * 60 * 60 * 1000)?.values.firstName).toBe("Morag");
  });

  test("a draft saved before drafts carried a date counts from when it was started", () => {
    const started = Date.UTC(2026, 9, 1);
    storage.setItem("quote-request-draft", JSON.stringify({ values, startedAt: started }));
    expect(loadDraft(started + SEVEN_DAYS_MS + 1)).toBeNull();
    storage.setItem("quote-request-draft", JSON.stringify({ values, startedAt: started }));
    expect(loadDraft(started + 1000)?.values.phone).toBe("07700 900123");
    clearDraft();
    expect(storage.items.size).toBe(0);
  });
});
