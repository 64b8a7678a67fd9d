/**
 * `npx tsx scripts/tailwind-merge-config.ts` writes client/tailwind-merge-config.ts: tailwind-merge's own default
 * configuration cut down to the class groups the app's source uses (its full table was 8 KiB of every
 * page's JavaScript). tests/lib/tailwind-merge-config.unit.test.ts says when to run it again: when the source uses a
 * class of a group the table lacks, or tailwind-merge's own table changed; it also compares every pair of the app's
 * classes with the full table.
 *
 * The groups kept are those any class token in app/, components/ or lib/ belongs to, so for those classes the cut
 * table resolves exactly as the full one: the same groups, in the same order, with the same conflicts. Class names
 * built at run time from pieces would not be seen here; the app builds none (cva variants are literals).
 */
import fs from "node:fs";
import path from "node:path";
import { createTailwindMerge, getDefaultConfig, validators } from "tailwind-merge";

const ROOT = path.resolve(__dirname, "..");
/** Where class names are written; "client" is the UI kit (hooks, request helpers, class names) beside lib/. */
const SOURCE_DIRS = ["app", "components", "lib", "client"].filter((dir) => fs.existsSync(path.join(ROOT, dir)));
export const CONFIG_FILE = path.join(ROOT, "client/tailwind-merge-config.ts");

type DefaultConfig = ReturnType<typeof getDefaultConfig>;
type GroupId = keyof DefaultConfig["classGroups"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx|css)$/.test(entry.name) && full !== CONFIG_FILE ? [full] : [];
  });
}

/** Every token of the app's source that could be a class name (over-inclusion only keeps a group more). */
export function classVocabulary(): string[] {
  const tokens = new Set<string>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      for (const raw of fs.readFileSync(file, "utf8").split(/[\s"'`{}]+/)) {
        const token = raw.replace(/^[(,;]+|[),;]+$/g, "");
        if (/^!?-?[a-z@*[][\w\-:/.[\]()%#&>=+,!*@~^?'|]*$/i.test(token) && token.length <= 120) tokens.add(token);
      }
    }
  }
  return [...tokens].sort();
}

/** The tokens tailwind-merge's full table recognises as classes (a recognised class is deduplicated). */
export function recognisedClasses(tokens = classVocabulary()): string[] {
  const full = createTailwindMerge(getDefaultConfig);
  return tokens.filter((token) => full(`${token} ${token}`) === token);
}

/** For each class group of the full table, whether a merge that knows only that group recognises the token. */
export function groupsUsedBy(tokens: string[], config: DefaultConfig = getDefaultConfig()): GroupId[] {
  const used: GroupId[] = [];
  for (const group of Object.keys(config.classGroups) as GroupId[]) {
    const only = createTailwindMerge(() => ({
      ...config,
      classGroups: { [group]: config.classGroups[group] } as DefaultConfig["classGroups"],
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
    // A recognised class is deduplicated; anything else is kept as it is.
    if (tokens.some((token) => only(`${token} ${token}`) === token)) used.push(group);
  }
  return used;
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The theme key a `fromTheme(key)` getter reads. */
function themeKeyOf(getter: (theme: Record<string, unknown>) => unknown): string {
  let key: string | undefined;
  getter(new Proxy({}, { get: (_t, k) => ((key = String(k)), undefined) }));
  if (!key) throw new Error("not a theme getter");
  return key;
}

/** The local name of a theme key's getter in the generated file ("spacing" → themeSpacing). */
const themeGetterName = (key: string) => `theme${key.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`;

/**
 * Source text for a value of the table: validators and theme getters by local names (declared once at the top of
 * the generated file, so a minifier shortens every use), everything else as JSON.
 */
function serialize(value: unknown, themeKeys: Set<string>, indent = "", usedValidators = new Set<string>()): string {
  if (typeof value === "function") {
    if ((value as { isThemeGetter?: boolean }).isThemeGetter) {
      const key = themeKeyOf(value as (theme: Record<string, unknown>) => unknown);
      themeKeys.add(key);
      return themeGetterName(key);
    }
    const name = validatorNames.get(value);
    if (!name) throw new Error(`unknown function in tailwind-merge's config: ${String(value).slice(0, 80)}`);
    usedValidators.add(name);
    return name;
  }
  if (Array.isArray(value)) return `[${value.map((v) => serialize(v, themeKeys, indent, usedValidators)).join(", ")}]`;
  if (value && typeof value === "object") {
    const inner = `${indent}  `;
    const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${serialize(v, themeKeys, inner, usedValidators)},`);
    return entries.length ? `{\n${entries.join("\n")}\n${indent}}` : "{}";
  }
  return JSON.stringify(value);
}

/** A table entry (a class group, a theme scale) as comparable text: validators and theme getters by name. */
export function describeEntry(value: unknown): string {
  return serialize(value, new Set());
}

export function generateConfigSource(tokens = recognisedClasses()): string {
  const config = getDefaultConfig();
  const groups = groupsUsedBy(tokens, config);
  const kept = new Set<string>(groups);
  const pick = (record: object, map: (v: unknown) => unknown = (v) => v) =>
    Object.fromEntries(Object.entries(record).filter(([k]) => kept.has(k)).map(([k, v]) => [k, map(v)]));
  const keptOnly = (list: unknown) => (list as readonly string[]).filter((g) => kept.has(g));
  const themeKeys = new Set<string>();
  const used = new Set<string>();
  const classGroups = serialize(pick(config.classGroups), themeKeys, "  ", used);
  const conflicts = serialize(pick(config.conflictingClassGroups, keptOnly), themeKeys, "  ", used);
  const modifierConflicts = serialize(pick(config.conflictingClassGroupModifiers, keptOnly), themeKeys, "  ", used);
  // Theme scales may refer to other theme keys: serialise until no new key appears.
  let theme = "";
  for (let size = -1; size !== themeKeys.size; ) {
    size = themeKeys.size;
    const entries = Object.fromEntries(Object.entries(config.theme).filter(([k]) => themeKeys.has(k)));
    theme = serialize(entries, themeKeys, "  ", used);
  }
  const getters = [...themeKeys].sort().map((key) => `const ${themeGetterName(key)} = fromTheme(${JSON.stringify(key)});`);
  return `// Generated by scripts/tailwind-merge-config.ts from tailwind-merge's default configuration: do not edit.
// Regenerate after adding class names the app did not use before (the unit test says when).
import { fromTheme, validators } from "tailwind-merge";

const { ${[...used].sort().join(", ")} } = validators;
${getters.join("\n")}

export const tailwindMergeConfig = {
  cacheSize: ${config.cacheSize},
  theme: ${theme},
  classGroups: ${classGroups},
  conflictingClassGroups: ${conflicts},
  conflictingClassGroupModifiers: ${modifierConflicts},
  postfixLookupClassGroups: ${JSON.stringify(keptOnly(config.postfixLookupClassGroups ?? []))},
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
};
`;
}

if (require.main === module) {
  const tmp = `${CONFIG_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, generateConfigSource());
  fs.renameSync(tmp, CONFIG_FILE);
  console.log(`wrote ${path.relative(ROOT, CONFIG_FILE)}`);
}
