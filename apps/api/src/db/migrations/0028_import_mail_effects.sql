CREATE TABLE "import_mail_effects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_mail_effects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"effects" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_mail_effects" ADD CONSTRAINT "import_mail_effects_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_mail_effects_job_idx" ON "import_mail_effects" USING btree ("job_id");