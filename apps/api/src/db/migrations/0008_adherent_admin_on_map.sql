-- Existing data may show several admins of one adherent on the map: keep the first (the one the map already showed) visible.
UPDATE "admins" SET "do_not_show_on_map" = true WHERE "is_adherent_admin" AND NOT "do_not_show_on_map" AND "id" <> (SELECT min(a2."id") FROM "admins" a2 WHERE a2."adherent_id" = "admins"."adherent_id" AND a2."is_adherent_admin" AND NOT a2."do_not_show_on_map");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_one_on_map_per_adherent" ON "admins" USING btree ("adherent_id") WHERE "admins"."is_adherent_admin" and not "admins"."do_not_show_on_map";
