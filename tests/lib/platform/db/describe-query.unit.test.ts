import { describeQuery } from "@/lib/platform/db/describe-query";

/** lib/platform/db/describe-query.ts: how the slow-query log names a statement without printing it. */
describe("describeQuery", () => {
  it("names Prisma's statements by kind and table, without the schema", () => {
    expect(describeQuery('SELECT "public"."User"."id" FROM "public"."User" WHERE 1=1 LIMIT $1 OFFSET $2')).toBe("SELECT from User");
    expect(describeQuery('INSERT INTO "public"."Share" ("id","token") VALUES ($1,$2) RETURNING "public"."Share"."id"')).toBe("INSERT into Share");
    expect(describeQuery('UPDATE "public"."Recipient" SET "name" = $1 WHERE "id" = $2')).toBe("UPDATE Recipient");
    expect(describeQuery('DELETE FROM "public"."Session" WHERE "id" = $1')).toBe("DELETE from Session");
  });

  it("names raw statements, other schemas, unions in parentheses and comments", () => {
    expect(describeQuery("\n    INSERT INTO pgboss.job (\n      id,\n      name) VALUES ($1, $2)")).toBe("INSERT into pgboss.job");
    expect(describeQuery('\n    (SELECT \'idea\' AS "kind", v."id" FROM "IdeaVersion" AS v WHERE v."id" > $1)\n    UNION ALL (SELECT 1)')).toBe(
      "SELECT from IdeaVersion",
    );
    expect(describeQuery("/* pg-boss */ -- fetch\nWITH next AS (SELECT id FROM pgboss.job) UPDATE pgboss.job SET state = 'active'")).toBe(
      "WITH from pgboss.job",
    );
  });

  it("names a statement without a table by its kind only, and never prints a literal", () => {
    expect(describeQuery("COMMIT")).toBe("COMMIT");
    expect(describeQuery('SELECT pg_try_advisory_xact_lock($1::bigint) AS "locked"')).toBe("SELECT");
    expect(describeQuery("SELECT * FROM \"Share\" WHERE token = 'secret-token-value'")).not.toContain("secret");
    expect(describeQuery("")).toBe("query");
  });
});
