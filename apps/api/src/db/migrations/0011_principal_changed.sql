-- Each API instance keeps the callers it has checked for a few seconds (auth/principal-cache.ts).
-- Any change that could narrow what a caller may do announces itself on the channel
-- `principal_changed`, whatever code (or hand-written SQL) makes it, and every instance drops its
-- cache when it hears it. NOTIFY is sent at commit, and only if the transaction commits.
CREATE FUNCTION "notify_principal_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principal_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_principal_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "admins_principal_changed"
  AFTER UPDATE OF "is_active", "role_id", "region_id", "adherent_id", "id" OR DELETE ON "admins"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "admin_agencies_principal_changed" AFTER INSERT OR UPDATE OR DELETE ON "admin_agencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "clients_principal_changed" AFTER UPDATE OF "is_active", "email_address", "id" OR DELETE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_principal_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "admins_principal_truncated" AFTER TRUNCATE ON "admins"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "admin_agencies_principal_truncated" AFTER TRUNCATE ON "admin_agencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "clients_principal_truncated" AFTER TRUNCATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_changed"();
