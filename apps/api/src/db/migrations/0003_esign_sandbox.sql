CREATE TABLE "esign_sandbox_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"signer_first_name" text NOT NULL,
	"signer_last_name" text NOT NULL,
	"signer_email_address" text NOT NULL,
	"document_key" text NOT NULL,
	"document_name" text NOT NULL,
	"document_sha256" text NOT NULL,
	"signed_document_key" text,
	"status" text DEFAULT 'ongoing' NOT NULL,
	"success_url" text NOT NULL,
	"decline_url" text NOT NULL,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
