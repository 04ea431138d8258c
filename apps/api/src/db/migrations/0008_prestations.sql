CREATE TABLE "agency_network_prestations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_network_prestations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"network_prestation_id" integer NOT NULL,
	"price_cents" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_prestations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_prestations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"equipment_type_id" integer NOT NULL,
	"prestation_type_id" integer NOT NULL,
	"prestation_color_id" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"details" text NOT NULL,
	"argumentation" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"good_reasons_block" jsonb,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agency_id" integer NOT NULL,
	"price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_type_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipment_type_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"equipment_type_id" integer NOT NULL,
	"prestation_type_id" integer NOT NULL,
	"title" text NOT NULL,
	"prestations_title" text NOT NULL,
	"arguments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "equipment_type_details_uq" UNIQUE NULLS NOT DISTINCT("agency_id","equipment_type_id","prestation_type_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_prestations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "network_prestations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"equipment_type_id" integer NOT NULL,
	"prestation_type_id" integer NOT NULL,
	"prestation_color_id" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"details" text NOT NULL,
	"argumentation" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"good_reasons_block" jsonb,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_mandatory" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prestation_colors" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prestation_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_network_prestations" ADD CONSTRAINT "agency_network_prestations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_network_prestations" ADD CONSTRAINT "agency_network_prestations_network_prestation_id_network_prestations_id_fk" FOREIGN KEY ("network_prestation_id") REFERENCES "public"."network_prestations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_prestations" ADD CONSTRAINT "agency_prestations_equipment_type_id_equipment_types_id_fk" FOREIGN KEY ("equipment_type_id") REFERENCES "public"."equipment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_prestations" ADD CONSTRAINT "agency_prestations_prestation_type_id_prestation_types_id_fk" FOREIGN KEY ("prestation_type_id") REFERENCES "public"."prestation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_prestations" ADD CONSTRAINT "agency_prestations_prestation_color_id_prestation_colors_id_fk" FOREIGN KEY ("prestation_color_id") REFERENCES "public"."prestation_colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_prestations" ADD CONSTRAINT "agency_prestations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_type_details" ADD CONSTRAINT "equipment_type_details_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_type_details" ADD CONSTRAINT "equipment_type_details_equipment_type_id_equipment_types_id_fk" FOREIGN KEY ("equipment_type_id") REFERENCES "public"."equipment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_type_details" ADD CONSTRAINT "equipment_type_details_prestation_type_id_prestation_types_id_fk" FOREIGN KEY ("prestation_type_id") REFERENCES "public"."prestation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_prestations" ADD CONSTRAINT "network_prestations_equipment_type_id_equipment_types_id_fk" FOREIGN KEY ("equipment_type_id") REFERENCES "public"."equipment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_prestations" ADD CONSTRAINT "network_prestations_prestation_type_id_prestation_types_id_fk" FOREIGN KEY ("prestation_type_id") REFERENCES "public"."prestation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_prestations" ADD CONSTRAINT "network_prestations_prestation_color_id_prestation_colors_id_fk" FOREIGN KEY ("prestation_color_id") REFERENCES "public"."prestation_colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_network_prestations_pair_uq" ON "agency_network_prestations" USING btree ("agency_id","network_prestation_id");--> statement-breakpoint
CREATE INDEX "agency_prestations_agency_idx" ON "agency_prestations" USING btree ("agency_id","equipment_type_id","sort_order");--> statement-breakpoint
CREATE INDEX "network_prestations_equipment_idx" ON "network_prestations" USING btree ("equipment_type_id","sort_order");