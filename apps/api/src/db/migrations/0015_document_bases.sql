CREATE TABLE "document_base_item_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_base_item_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_base_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_base_item_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_base_item_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_base_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_base_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_base_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"type_id" integer,
	"title" text NOT NULL,
	"short_description" text NOT NULL,
	"content" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"illustration_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"joined_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" integer,
	"last_edition_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_base_items_illustrations_check" CHECK (jsonb_array_length("document_base_items"."illustration_files") <= 2),
	CONSTRAINT "document_base_items_joined_files_check" CHECK (jsonb_array_length("document_base_items"."joined_files") <= 4)
);
--> statement-breakpoint
CREATE TABLE "document_bases" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_id" integer
);
--> statement-breakpoint
ALTER TABLE "document_base_item_categories" ADD CONSTRAINT "document_base_item_categories_document_base_id_document_bases_id_fk" FOREIGN KEY ("document_base_id") REFERENCES "public"."document_bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_base_item_types" ADD CONSTRAINT "document_base_item_types_category_id_document_base_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_base_item_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_base_items" ADD CONSTRAINT "document_base_items_document_base_id_document_bases_id_fk" FOREIGN KEY ("document_base_id") REFERENCES "public"."document_bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_base_items" ADD CONSTRAINT "document_base_items_category_id_document_base_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_base_item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_base_items" ADD CONSTRAINT "document_base_items_type_id_document_base_item_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."document_base_item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_base_items" ADD CONSTRAINT "document_base_items_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_bases" ADD CONSTRAINT "document_bases_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_base_item_categories_base_idx" ON "document_base_item_categories" USING btree ("document_base_id");--> statement-breakpoint
CREATE INDEX "document_base_item_types_category_idx" ON "document_base_item_types" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "document_base_items_base_idx" ON "document_base_items" USING btree ("document_base_id","last_edition_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "document_base_items_public_idx" ON "document_base_items" USING btree ("document_base_id","is_public","last_edition_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "document_base_items_category_idx" ON "document_base_items" USING btree ("category_id","last_edition_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "document_base_items_type_idx" ON "document_base_items" USING btree ("type_id","last_edition_date" DESC NULLS LAST,"id" DESC NULLS LAST);