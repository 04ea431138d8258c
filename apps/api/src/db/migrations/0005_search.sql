-- unaccent is a PostgreSQL contrib extension (PGlite loads it from @electric-sql/pglite/contrib/unaccent).
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change), which a generated column refuses: this wrapper
-- names the dictionary explicitly and is declared IMMUTABLE, the documented way to index unaccented text.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- Used by ts_headline only: it finds the accented words of the original text from an unaccented query,
-- so snippets keep their accents. Same lexemes as to_tsvector('french', immutable_unaccent(...)).
CREATE TEXT SEARCH CONFIGURATION public.french_unaccent (COPY = pg_catalog.french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.french_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, french_stem;--> statement-breakpoint
CREATE TABLE "searchables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "searchables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"agency_id" integer,
	"adherent_id" integer,
	"region_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french'::regconfig, public.immutable_unaccent(title)), 'A') || setweight(to_tsvector('french'::regconfig, public.immutable_unaccent(body)), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "searchables_entity_uq" ON "searchables" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "searchables_vector_idx" ON "searchables" USING gin ("search_vector");