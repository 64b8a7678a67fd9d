-- A comment remembers the page (PDF) or section (HTML) its reader was on.
CREATE TYPE "CommentAnchorUnit" AS ENUM ('page', 'section');

ALTER TABLE "Comment" ADD COLUMN "anchorUnit" "CommentAnchorUnit",
ADD COLUMN "anchorN" INTEGER;

ALTER TABLE "Comment" ADD CONSTRAINT "Comment_anchor_check"
  CHECK (("anchorUnit" IS NULL) = ("anchorN" IS NULL) AND ("anchorN" IS NULL OR "anchorN" >= 1));
