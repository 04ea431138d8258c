CREATE TABLE "network_actualities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "network_actualities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category_id" integer NOT NULL,
	"publication_date" timestamp with time zone DEFAULT now() NOT NULL,
	"illustration_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"joined_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" integer DEFAULT 0 NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_actualities_is_public_check" CHECK ("network_actualities"."is_public" in (0, 1)),
	CONSTRAINT "network_actualities_illustrations_check" CHECK (jsonb_array_length("network_actualities"."illustration_files") <= 2),
	CONSTRAINT "network_actualities_joined_files_check" CHECK (jsonb_array_length("network_actualities"."joined_files") <= 4)
);
--> statement-breakpoint
CREATE TABLE "network_actuality_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_actuality_reads" (
	"network_actuality_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_actuality_reads_network_actuality_id_admin_id_pk" PRIMARY KEY("network_actuality_id","admin_id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "network_actualities" ADD CONSTRAINT "network_actualities_category_id_network_actuality_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."network_actuality_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_actualities" ADD CONSTRAINT "network_actualities_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_actuality_reads" ADD CONSTRAINT "network_actuality_reads_network_actuality_id_network_actualities_id_fk" FOREIGN KEY ("network_actuality_id") REFERENCES "public"."network_actualities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_actuality_reads" ADD CONSTRAINT "network_actuality_reads_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_actualities_newest_idx" ON "network_actualities" USING btree ("publication_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "network_actuality_categories_code_uq" ON "network_actuality_categories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "network_actuality_reads_admin_idx" ON "network_actuality_reads" USING btree ("admin_id");--> statement-breakpoint
-- Contacts processed before processed_at existed count from their creation (the nearest date we have).
UPDATE "contacts" SET "processed_at" = "created_at" WHERE "is_processed" AND "processed_at" IS NULL;