CREATE TABLE "spare_part_announcement_reads" (
	"spare_part_announcement_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spare_part_announcement_reads" ADD CONSTRAINT "spare_part_announcement_reads_spare_part_announcement_id_spare_part_announcements_id_fk" FOREIGN KEY ("spare_part_announcement_id") REFERENCES "public"."spare_part_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_announcement_reads" ADD CONSTRAINT "spare_part_announcement_reads_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spare_part_announcement_reads_uq" ON "spare_part_announcement_reads" USING btree ("spare_part_announcement_id","admin_id");