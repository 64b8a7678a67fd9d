import { contains, graceArea, placeTooltip, TOOLTIP_ARROW_SIZE } from "@/components/editor/toolbar-tooltip-placement";

/** The toolbar tooltip's place (components/editor/toolbar-tooltip.tsx), as Radix Tooltip put it with the app's settings. */
describe("toolbar tooltip placement", () => {
  const viewport = { width: 1280, height: 800 };
  const button = { left: 100, top: 120, width: 32, height: 32 };
  const tip = { width: 60, height: 24 };

  test("above the button, centred, the arrow's height away, the arrow under the button's centre", () => {
    const p = placeTooltip(button, tip, viewport);
    expect(p.side).toBe("top");
    expect(p.y).toBe(120 - TOOLTIP_ARROW_SIZE - 24);
    expect(p.x).toBe(116 - 30);
    expect(p.arrowX + TOOLTIP_ARROW_SIZE / 2).toBe(116 - p.x);
    expect(p.origin).toBe(`30px ${24 + TOOLTIP_ARROW_SIZE}px`);
  });

  test("below the button when there is no room above", () => {
    const p = placeTooltip({ ...button, top: 10 }, tip, viewport);
    expect(p.side).toBe("bottom");
    expect(p.y).toBe(10 + 32 + TOOLTIP_ARROW_SIZE);
    expect(p.origin).toBe(`30px ${-TOOLTIP_ARROW_SIZE}px`);
  });

  test("stays above when there is no room below either and above overflows less", () => {
    const p = placeTooltip({ ...button, top: 30 }, tip, { width: 1280, height: 80 });
    expect(p.side).toBe("top");
  });

  test("kept inside the viewport sideways; the arrow still points at the button", () => {
    const left = placeTooltip({ ...button, left: 2 }, tip, viewport);
    expect(left.x).toBe(0);
    expect(left.arrowX).toBe(2 + 16 - TOOLTIP_ARROW_SIZE / 2);
    const right = placeTooltip({ ...button, left: 1270, width: 10 }, tip, viewport);
    expect(right.x).toBe(1280 - 60);
    expect(right.arrowX).toBe(60 - TOOLTIP_ARROW_SIZE);
  });

  test("the gap between the button and the tooltip above keeps it open; beside the button does not", () => {
    const p = placeTooltip(button, tip, viewport);
    const area = graceArea(button, { left: p.x, top: p.y, ...tip }, "top");
    expect(contains(area, 116, 120 - TOOLTIP_ARROW_SIZE / 2)).toBe(true);
    expect(contains(area, 100 + 32 + 20, 130)).toBe(false);
    expect(contains(area, 116, 200)).toBe(false);
  });
});
