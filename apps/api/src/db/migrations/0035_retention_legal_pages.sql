CREATE TABLE "legal_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_pages" ADD CONSTRAINT "legal_pages_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_prospect_email_idx" ON "contacts" USING btree (lower("email_address")) WHERE "contacts"."client_id" is null and not "contacts"."is_client_known";--> statement-breakpoint
CREATE INDEX "mail_outbox_body_kept_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."state" = 'sent' and "mail_outbox"."html" <> '';