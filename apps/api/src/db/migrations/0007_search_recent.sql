-- The search within its budget (ARCHITECTURE.md): a search's hits are its most recent matches, read
-- newest first through searchables_recent_idx; the GIN index keeps no pending list (fastupdate=off),
-- which every search would otherwise read through until a vacuum merges it (PGlite never runs one).
DROP INDEX "searchables_vector_idx";--> statement-breakpoint
CREATE INDEX "searchables_recent_idx" ON "searchables" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "searchables_vector_idx" ON "searchables" USING gin ("search_vector") WITH (fastupdate=false);