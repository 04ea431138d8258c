CREATE TABLE "job_offer_domains" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_offer_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"job_offer_type_code" text NOT NULL,
	"job_offer_domain_code" text NOT NULL,
	"geographic_sector" text DEFAULT '' NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"publication_date" date,
	"expiration_date" date,
	"agency_id" integer,
	"region_id" integer,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mailed_at" timestamp with time zone,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_offers_template_inactive_check" CHECK (not ("job_offers"."is_template" and "job_offers"."is_active"))
);
--> statement-breakpoint
CREATE TABLE "monthly_result_brands" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_result_equipments" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"has_sales" boolean NOT NULL,
	"has_contracts" boolean NOT NULL,
	"has_commissionings" boolean NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_result_values" (
	"monthly_result_id" integer NOT NULL,
	"section" text NOT NULL,
	"item_id" integer NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "monthly_result_values_monthly_result_id_section_item_id_pk" PRIMARY KEY("monthly_result_id","section","item_id"),
	CONSTRAINT "monthly_result_values_value_check" CHECK ("monthly_result_values"."value" >= 0),
	CONSTRAINT "monthly_result_values_section_check" CHECK ("monthly_result_values"."section" in ('brandsValues', 'equipmentSales', 'equipmentContracts', 'equipmentCommissionings'))
);
--> statement-breakpoint
CREATE TABLE "monthly_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monthly_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_results_month_check" CHECK ("monthly_results"."month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_job_offer_type_code_job_offer_types_code_fk" FOREIGN KEY ("job_offer_type_code") REFERENCES "public"."job_offer_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_job_offer_domain_code_job_offer_domains_code_fk" FOREIGN KEY ("job_offer_domain_code") REFERENCES "public"."job_offer_domains"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_result_values" ADD CONSTRAINT "monthly_result_values_monthly_result_id_monthly_results_id_fk" FOREIGN KEY ("monthly_result_id") REFERENCES "public"."monthly_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_results" ADD CONSTRAINT "monthly_results_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_results" ADD CONSTRAINT "monthly_results_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_offers_agency_idx" ON "job_offers" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "job_offers_template_idx" ON "job_offers" USING btree ("is_template");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_results_agency_month_uq" ON "monthly_results" USING btree ("agency_id","year","month");--> statement-breakpoint
CREATE INDEX "monthly_results_month_idx" ON "monthly_results" USING btree ("year","month");