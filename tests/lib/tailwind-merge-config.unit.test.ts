import { getDefaultConfig, twMerge } from "tailwind-merge";
import { cn } from "@/client/utils";
import { tailwindMergeConfig } from "@/client/tailwind-merge-config";
import { classVocabulary, describeEntry, groupsUsedBy, recognisedClasses } from "../../scripts/tailwind-merge-config";

/**
 * cn() merges with a cut-down tailwind-merge table (client/tailwind-merge-config.ts): it must be current for the
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

describe("client/tailwind-merge-config.ts", () => {
  const full = getDefaultConfig();
  const table = tailwindMergeConfig as unknown as Record<keyof typeof tailwindMergeConfig, Record<string, unknown>>;
  const kept = Object.keys(table.classGroups);

  it("has every class group the source uses (else run `npx tsx scripts/tailwind-merge-config.ts`)", () => {
    expect(groupsUsedBy(classes).filter((group) => !kept.includes(group))).toEqual([]);
  });

  it("keeps tailwind-merge's own entries for those groups, their conflicts and theme scales (else run it too)", () => {
    const fullGroups = full.classGroups as Record<string, unknown>;
    for (const group of kept) expect([group, describeEntry(table.classGroups[group])]).toEqual([group, describeEntry(fullGroups[group])]);
    const fullConflicts = full.conflictingClassGroups as Record<string, readonly string[]>;
    for (const group of kept) {
      expect([group, table.conflictingClassGroups[group] ?? []]).toEqual([group, (fullConflicts[group] ?? []).filter((g) => kept.includes(g))]);
    }
    const fullTheme = full.theme as Record<string, unknown>;
    for (const key of Object.keys(table.theme)) expect([key, describeEntry(table.theme[key])]).toEqual([key, describeEntry(fullTheme[key])]);
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
