import { describe, expect, it } from "vitest";
import { moveTo, swapWithNeighbour } from "../../src/lib/gallery/order";

describe("moveTo", () => {
  it.each([
    [0, 2, ["b", "c", "a", "d"]],
    [3, 0, ["d", "a", "b", "c"]],
    [1, 1, ["a", "b", "c", "d"]],
    [2, 1, ["a", "c", "b", "d"]],
    [0, 9, ["b", "c", "d", "a"]],
    [3, -4, ["d", "a", "b", "c"]],
    [7, 0, ["a", "b", "c", "d"]],
  ])("from %i to %i", (from, to, expected) => {
    expect(moveTo(["a", "b", "c", "d"], from, to)).toEqual(expected);
  });
});

describe("swapWithNeighbour", () => {
  it.each<[number, -1 | 1, string[]]>([
    [1, -1, ["b", "a", "c"]],
    [1, 1, ["a", "c", "b"]],
    [0, -1, ["a", "b", "c"]],
    [2, 1, ["a", "b", "c"]],
  ])("index %i by %i", (index, by, expected) => {
    expect(swapWithNeighbour(["a", "b", "c"], index, by)).toEqual(expected);
  });
});
