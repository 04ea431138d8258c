CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"requested_by_admin_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"size" bigint,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	CONSTRAINT "data_exports_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_pending" ON "data_exports" USING btree ("subject_kind","subject_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_subject_idx" ON "data_exports" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at");