CREATE TABLE "spare_part_announcement_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spare_part_announcement_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"spare_part_announcement_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spare_part_announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spare_part_announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type_code" text NOT NULL,
	"energy_type_code" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"contact" text NOT NULL,
	"agency_id" integer NOT NULL,
	"author_id" integer,
	"publication_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry_date" timestamp with time zone NOT NULL,
	"is_expired" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spare_part_announcements_type_check" CHECK ("spare_part_announcements"."type_code" in ('DEMANDE', 'OFFRE')),
	CONSTRAINT "spare_part_announcements_description_check" CHECK (char_length("spare_part_announcements"."description") <= 130)
);
--> statement-breakpoint
CREATE TABLE "spare_part_energy_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spare_part_announcement_responses" ADD CONSTRAINT "spare_part_announcement_responses_spare_part_announcement_id_spare_part_announcements_id_fk" FOREIGN KEY ("spare_part_announcement_id") REFERENCES "public"."spare_part_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_announcement_responses" ADD CONSTRAINT "spare_part_announcement_responses_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_announcement_responses" ADD CONSTRAINT "spare_part_announcement_responses_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_announcements" ADD CONSTRAINT "spare_part_announcements_energy_type_code_spare_part_energy_types_code_fk" FOREIGN KEY ("energy_type_code") REFERENCES "public"."spare_part_energy_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_announcements" ADD CONSTRAINT "spare_part_announcements_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_announcements" ADD CONSTRAINT "spare_part_announcements_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spare_part_announcement_responses_one_per_admin_uq" ON "spare_part_announcement_responses" USING btree ("spare_part_announcement_id","admin_id");--> statement-breakpoint
CREATE INDEX "spare_part_announcement_responses_admin_idx" ON "spare_part_announcement_responses" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "spare_part_announcements_newest_idx" ON "spare_part_announcements" USING btree ("publication_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "spare_part_announcements_author_idx" ON "spare_part_announcements" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "spare_part_announcements_open_expiry_idx" ON "spare_part_announcements" USING btree ("expiry_date") WHERE not "spare_part_announcements"."is_expired";