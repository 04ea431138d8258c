-- Each API instance keeps the lists read on nearly every screen for a few seconds (lib/read-cache.ts):
-- the caller's agencies and a customer's contracts. Any change to a table they read announces
-- itself on the channel `reads_changed`, whatever code (an import, a seed, hand-written SQL) makes
-- it, and every instance drops its cache when it hears it. NOTIFY is sent at commit, only if the
-- transaction commits, and once per transaction for the same payload.
CREATE FUNCTION "notify_reads_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reads_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "agencies_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "agencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reads_changed"();
--> statement-breakpoint
CREATE TRIGGER "agencies_reads_truncated" AFTER TRUNCATE ON "agencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reads_changed"();
--> statement-breakpoint
CREATE TRIGGER "admin_agencies_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "admin_agencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reads_changed"();
--> statement-breakpoint
CREATE TRIGGER "admin_agencies_reads_truncated" AFTER TRUNCATE ON "admin_agencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reads_changed"();
--> statement-breakpoint
CREATE TRIGGER "client_agencies_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "client_agencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reads_changed"();
--> statement-breakpoint
CREATE TRIGGER "client_agencies_reads_truncated" AFTER TRUNCATE ON "client_agencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reads_changed"();
--> statement-breakpoint
CREATE TRIGGER "agency_contracts_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "agency_contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reads_changed"();
--> statement-breakpoint
CREATE TRIGGER "agency_contracts_reads_truncated" AFTER TRUNCATE ON "agency_contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reads_changed"();
