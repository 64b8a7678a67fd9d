/**
 * A slow query as the log names it: its statement kind and the first table it reads or writes ("SELECT from
 * IdeaVersion"), never its text. A console full of SQL hides what matters, and a statement's text can carry
 * values a log should not (a lookup's literal, a token's hash).
 */
export function describeQuery(sql: string): string {
  const text = sql.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/--[^\n]*/g, " ");
  const verb = /^[\s(]*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? "query";
  const ident = String.raw`(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*)`;
  const target = new RegExp(String.raw`\b(FROM|INTO|UPDATE|JOIN)\s+(${ident}(?:\s*\.\s*${ident})?)`, "i").exec(text);
  if (!target) return verb;
  const table = target[2]
    .split(".")
    .map((part) => part.trim().replace(/^"|"$/g, ""))
    .filter((part) => part !== "public")
    .join(".");
  const preposition = /^into$/i.test(target[1]) ? "into" : /^update$/i.test(target[1]) ? "" : "from";
  return [verb, preposition, table].filter(Boolean).join(" ");
}
