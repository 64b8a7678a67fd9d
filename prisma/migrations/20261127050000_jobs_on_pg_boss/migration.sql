-- Page pre-rendering runs on the job queue (pg-boss, schema "pgboss", installed by the migration runner after
-- these migrations). Files still waiting here are not carried over: their pages are drawn on a reader's first read.

-- DropForeignKey
ALTER TABLE "PageRenderJob" DROP CONSTRAINT "PageRenderJob_assetId_fkey";

-- DropTable
DROP TABLE "PageRenderJob";
