import fs from "node:fs";
import { twMerge } from "tailwind-merge";
import { cn } from "@/lib/utils";
import { CONFIG_FILE, classVocabulary, generateConfigSource, recognisedClasses } from "../../scripts/tailwind-merge-config";

/**
 * cn() merges with a cut-down tailwind-merge table (lib/tailwind-merge-config.ts): it must be current for the
 * source, and it must merge every pair of the app's classes exactly as the full table does.
 */
const classes = recognisedClasses(classVocabulary());

/** A class's variants ("sm:hover:" of "sm:hover:bg-muted"), colons inside brackets aside, and its "!" mark. */
function variantsOf(cls: string) {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < cls.length; i++) {
    if (cls[i] === "[" || cls[i] === "(") depth++;
    else if (cls[i] === "]" || cls[i] === ")") depth--;
    else if (cls[i] === ":" && depth === 0) end = i + 1;
  }
  return `${cls.slice(0, end)}${cls.includes("!") ? "!" : ""}`;
}

describe("lib/tailwind-merge-config.ts", () => {
  it("is what scripts/tailwind-merge-config.ts generates from today's source (else run it)", () => {
    expect(fs.readFileSync(CONFIG_FILE, "utf8")).toBe(generateConfigSource(classes));
  });

  it("merges every pair of the app's classes, in either order, as tailwind-merge's full table does", () => {
    expect(classes.length).toBeGreaterThan(300);
    // Classes under different variants (hover:, sm:, …) never conflict in tailwind-merge: pairs within each.
    const byVariants = new Map<string, string[]>();
    for (const cls of classes) byVariants.set(variantsOf(cls), [...(byVariants.get(variantsOf(cls)) ?? []), cls]);
    expect(byVariants.size).toBeGreaterThan(5);
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const a of group) {
        for (const b of group) {
          const input = `${a} ${b}`;
          if (cn(input) !== twMerge(input)) differences.push(`${input}: ${cn(input)} ≠ ${twMerge(input)}`);
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it("still merges the shapes the components rely on", () => {
    expect(cn("h-9 px-4 py-2", "h-8 px-2")).toBe("py-2 h-8 px-2");
    expect(cn("text-muted-foreground text-sm", "text-destructive")).toBe("text-sm text-destructive");
    expect(cn("p-6", "px-3")).toBe("p-6 px-3");
    expect(cn("px-3", "p-6")).toBe("p-6");
    expect(cn("hover:bg-accent", "hover:bg-muted", "bg-background")).toBe("hover:bg-muted bg-background");
  });
});
