CREATE TABLE "forum_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"forum_thread_id" integer NOT NULL,
	"content" text NOT NULL,
	"agency_id" integer,
	"author_id" integer,
	"joined_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publication_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_posts_joined_files_check" CHECK (jsonb_array_length("forum_posts"."joined_files") <= 2)
);
--> statement-breakpoint
CREATE TABLE "forum_themes" (
	"id" integer PRIMARY KEY NOT NULL,
	"forum_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"forum_id" integer NOT NULL,
	"forum_theme_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"agency_id" integer,
	"author_id" integer,
	"joined_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"publication_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"number_of_answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "forum_threads_joined_files_check" CHECK (jsonb_array_length("forum_threads"."joined_files") <= 2),
	CONSTRAINT "forum_threads_answers_check" CHECK ("forum_threads"."number_of_answers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "forums" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "searchables" ADD COLUMN "read_permission" text;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_forum_thread_id_forum_threads_id_fk" FOREIGN KEY ("forum_thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_themes" ADD CONSTRAINT "forum_themes_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_forum_theme_id_forum_themes_id_fk" FOREIGN KEY ("forum_theme_id") REFERENCES "public"."forum_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_posts_thread_idx" ON "forum_posts" USING btree ("forum_thread_id","publication_date","id");--> statement-breakpoint
CREATE INDEX "forum_posts_author_idx" ON "forum_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_themes_forum_idx" ON "forum_themes" USING btree ("forum_id");--> statement-breakpoint
CREATE INDEX "forum_threads_forum_recent_idx" ON "forum_threads" USING btree ("forum_id","last_update_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_theme_recent_idx" ON "forum_threads" USING btree ("forum_theme_id","last_update_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_forum_closed_recent_idx" ON "forum_threads" USING btree ("forum_id","is_closed","last_update_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_recent_idx" ON "forum_threads" USING btree ("last_update_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_author_idx" ON "forum_threads" USING btree ("author_id");