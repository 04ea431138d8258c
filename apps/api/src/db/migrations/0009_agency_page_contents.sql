CREATE TABLE "agency_page_contents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_page_contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"title" text NOT NULL,
	"video_url" text,
	"content" text NOT NULL,
	"content_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"illustration_file_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_page_contents" ADD CONSTRAINT "agency_page_contents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_page_contents_agency_idx" ON "agency_page_contents" USING btree ("agency_id");