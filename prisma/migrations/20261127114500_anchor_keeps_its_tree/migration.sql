-- An anchor keeps its whole Merkle tree once; each covered log keeps only its leaf's index, and its path is read from
-- the tree. Paths written before stay where they are.
ALTER TABLE "LogAnchor" ADD COLUMN "tree" BYTEA;
-- The nodes are hashes (incompressible): stored out of line and uncompressed, so a path's few nodes can be read with
-- substring() without reading the whole tree.
ALTER TABLE "LogAnchor" ALTER COLUMN "tree" SET STORAGE EXTERNAL;

ALTER TABLE "LogAnchorInclusion" ADD COLUMN "leafIndex" INTEGER;
ALTER TABLE "LogAnchorInclusion" ALTER COLUMN "path" DROP NOT NULL;
ALTER TABLE "LogAnchorInclusion" ADD CONSTRAINT "LogAnchorInclusion_path_or_leaf" CHECK ("path" IS NOT NULL OR "leafIndex" IS NOT NULL);
