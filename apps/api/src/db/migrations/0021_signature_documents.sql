CREATE TABLE "signature_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"author_id" integer,
	"client_first_name" text NOT NULL,
	"client_last_name" text NOT NULL,
	"client_email_address" text NOT NULL,
	"title" text NOT NULL,
	"pdf_files" jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider" text NOT NULL,
	"provider_request_id" text,
	"envelope_file_id" integer,
	"opening_time" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_documents_provider_request" UNIQUE("provider","provider_request_id"),
	CONSTRAINT "signature_documents_status_check" CHECK ("signature_documents"."status" in ('created', 'ongoing', 'signed', 'expired', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_envelope_file_id_files_id_fk" FOREIGN KEY ("envelope_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_documents_agency_created_idx" ON "signature_documents" USING btree ("agency_id","creation_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signature_documents_agency_signed_idx" ON "signature_documents" USING btree ("agency_id","signed_at") WHERE "signature_documents"."status" = 'signed';