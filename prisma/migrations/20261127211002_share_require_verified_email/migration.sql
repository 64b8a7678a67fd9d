-- 'Require a verified e-mail' on any link: recipients prove their address with the e-mailed code.
ALTER TABLE "Share" ADD COLUMN "requireVerifiedEmail" BOOLEAN NOT NULL DEFAULT false;
