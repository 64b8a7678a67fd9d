import { itemInputs, keyMove, movedText, moveItem } from "@/components/rooms/room-order";

describe("the room's order", () => {
  test("moves an entry up, down and to either end; a move past the end stops there", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 0, 9)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 5, 0)).toEqual(["a", "b", "c"]);
  });

  test("the handle's keys: arrows one step, Home and End to the ends, other keys nothing", () => {
    expect(keyMove("ArrowUp", 2, 3)).toBe(1);
    expect(keyMove("ArrowDown", 0, 3)).toBe(1);
    expect(keyMove("Home", 2, 3)).toBe(0);
    expect(keyMove("End", 0, 3)).toBe(2);
    expect(keyMove("Enter", 0, 3)).toBeNull();
  });

  test("a move is announced with its new place", () => {
    expect(movedText("Deck", 1, 3)).toBe("Deck moved to position 2 of 3");
  });

  test("the PUT body keeps the order and sends an empty folder as none", () => {
    expect(
      itemInputs([
        { ideaId: 2, folder: "  Tech ", pinVersion: 3, allowDownload: true },
        { ideaId: 1, folder: "  ", pinVersion: null, allowDownload: null },
      ]),
    ).toEqual([
      { ideaId: 2, folder: "Tech", pinVersion: 3, allowDownload: true },
      { ideaId: 1, folder: null, pinVersion: null, allowDownload: null },
    ]);
  });
});
