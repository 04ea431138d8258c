CREATE TABLE "agency_contract_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_contract_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_contract_id" integer NOT NULL,
	"description" text NOT NULL,
	"date" date NOT NULL,
	"file_id" integer
);
--> statement-breakpoint
CREATE TABLE "agency_contract_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_contract_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_contract_id" integer NOT NULL,
	"number" text NOT NULL,
	"amount_including_tax" integer NOT NULL,
	"left_to_pay_including_tax" integer NOT NULL,
	"issue_date" date NOT NULL,
	"file_id" integer,
	"is_paid_locally" boolean DEFAULT false NOT NULL,
	"payment_mean" text,
	"payment_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_contract_quotations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_contract_quotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_contract_id" integer NOT NULL,
	"number" text NOT NULL,
	"amount_including_tax" integer NOT NULL,
	"issue_date" date NOT NULL,
	"file_id" integer,
	"is_accepted" boolean,
	"is_accepted_locally" boolean DEFAULT false NOT NULL,
	"is_refused_locally" boolean DEFAULT false NOT NULL,
	"envelope_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_contract_service_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_contract_service_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_contract_id" integer NOT NULL,
	"request_date" date NOT NULL,
	"is_finished" boolean DEFAULT false NOT NULL,
	"appointment_date" date,
	"appointment_time" text,
	"quotation_id" integer,
	"invoice_id" integer,
	"voucher_id" integer
);
--> statement-breakpoint
CREATE TABLE "agency_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"reference" text NOT NULL,
	"route" text NOT NULL,
	"postal_code" text NOT NULL,
	"locality" text NOT NULL,
	"equipment_type" text,
	"equipment_model" text,
	"renewal_date" date,
	"last_maintenance_date" date,
	"email_address" text,
	"mobile_phone_number" text,
	"landline_phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"type" text NOT NULL,
	"client_id" integer,
	"full_name" text NOT NULL,
	"email_address" text,
	"phone" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"is_client_known" boolean DEFAULT false NOT NULL,
	"is_processed" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extranet_agency_contact_subjects" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faq_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"theme" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"amount" integer NOT NULL,
	"email_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotation_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quotation_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_request_id" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"signature_url" text NOT NULL,
	"opening_time" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_signatures_provider_request" UNIQUE("provider","provider_request_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event" UNIQUE("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "agency_contract_documents" ADD CONSTRAINT "agency_contract_documents_agency_contract_id_agency_contracts_id_fk" FOREIGN KEY ("agency_contract_id") REFERENCES "public"."agency_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_documents" ADD CONSTRAINT "agency_contract_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_invoices" ADD CONSTRAINT "agency_contract_invoices_agency_contract_id_agency_contracts_id_fk" FOREIGN KEY ("agency_contract_id") REFERENCES "public"."agency_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_invoices" ADD CONSTRAINT "agency_contract_invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_quotations" ADD CONSTRAINT "agency_contract_quotations_agency_contract_id_agency_contracts_id_fk" FOREIGN KEY ("agency_contract_id") REFERENCES "public"."agency_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_quotations" ADD CONSTRAINT "agency_contract_quotations_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_quotations" ADD CONSTRAINT "agency_contract_quotations_envelope_file_id_files_id_fk" FOREIGN KEY ("envelope_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_service_calls" ADD CONSTRAINT "agency_contract_service_calls_agency_contract_id_agency_contracts_id_fk" FOREIGN KEY ("agency_contract_id") REFERENCES "public"."agency_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_service_calls" ADD CONSTRAINT "agency_contract_service_calls_quotation_id_agency_contract_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."agency_contract_quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_service_calls" ADD CONSTRAINT "agency_contract_service_calls_invoice_id_agency_contract_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."agency_contract_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_service_calls" ADD CONSTRAINT "agency_contract_service_calls_voucher_id_files_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contracts" ADD CONSTRAINT "agency_contracts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contracts" ADD CONSTRAINT "agency_contracts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_agency_contract_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."agency_contract_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_signatures" ADD CONSTRAINT "quotation_signatures_quotation_id_agency_contract_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."agency_contract_quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_documents_contract_idx" ON "agency_contract_documents" USING btree ("agency_contract_id");--> statement-breakpoint
CREATE INDEX "invoices_contract_idx" ON "agency_contract_invoices" USING btree ("agency_contract_id");--> statement-breakpoint
CREATE INDEX "quotations_contract_idx" ON "agency_contract_quotations" USING btree ("agency_contract_id");--> statement-breakpoint
CREATE INDEX "service_calls_contract_idx" ON "agency_contract_service_calls" USING btree ("agency_contract_id");--> statement-breakpoint
CREATE INDEX "agency_contracts_client_idx" ON "agency_contracts" USING btree ("client_id","agency_id");--> statement-breakpoint
CREATE INDEX "contacts_agency_idx" ON "contacts" USING btree ("agency_id","is_processed");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_dedupe" ON "contacts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "faq_entries_theme_idx" ON "faq_entries" USING btree ("theme","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_provider_payment" ON "invoice_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_one_paid" ON "invoice_payments" USING btree ("invoice_id") WHERE status = 'paid';--> statement-breakpoint
CREATE INDEX "quotation_signatures_quotation_idx" ON "quotation_signatures" USING btree ("quotation_id");