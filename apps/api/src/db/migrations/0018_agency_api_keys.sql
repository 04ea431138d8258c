CREATE TABLE "agency_api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"label" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agency_api_keys" ADD CONSTRAINT "agency_api_keys_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_api_keys" ADD CONSTRAINT "agency_api_keys_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_api_keys_hash_uq" ON "agency_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "agency_api_keys_agency_idx" ON "agency_api_keys" USING btree ("agency_id") WHERE "agency_api_keys"."revoked_at" is null;