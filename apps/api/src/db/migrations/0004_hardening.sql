CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotation_signatures" ALTER COLUMN "provider_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_signatures" ALTER COLUMN "signature_url" DROP NOT NULL;--> statement-breakpoint
-- Every refresh-token family already issued becomes a session; it ends 30 days after its first token.
INSERT INTO "sessions" ("id", "subject_kind", "subject_id", "expires_at", "revoked_at", "created_at")
SELECT "family_id", min("subject_kind"), min("subject_id"), min("created_at") + interval '30 days',
       CASE WHEN bool_and("revoked_at" IS NOT NULL OR "used_at" IS NOT NULL) THEN now() END, min("created_at")
FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
-- Before the unique indexes: only the newest payment in progress of an invoice and the newest open
-- signature request of a quote stay open (the older ones came from concurrent starts).
UPDATE "invoice_payments" p SET "status" = 'abandoned'
WHERE p."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "invoice_payments" n WHERE n."invoice_id" = p."invoice_id" AND n."status" = 'pending'
    AND (n."created_at", n."id") > (p."created_at", p."id"));--> statement-breakpoint
UPDATE "quotation_signatures" s SET "status" = 'superseded'
WHERE s."status" IN ('created', 'ongoing', 'document_seen') AND EXISTS (
  SELECT 1 FROM "quotation_signatures" n WHERE n."quotation_id" = s."quotation_id"
    AND n."status" IN ('created', 'ongoing', 'document_seen') AND n."id" > s."id");--> statement-breakpoint
CREATE INDEX "sessions_subject_idx" ON "sessions" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_one_pending" ON "invoice_payments" USING btree ("invoice_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_signatures_one_open" ON "quotation_signatures" USING btree ("quotation_id") WHERE status in ('creating', 'created', 'ongoing', 'document_seen');