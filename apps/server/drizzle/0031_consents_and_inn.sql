DROP INDEX "client_consents_client_code_version_idx";--> statement-breakpoint
ALTER TABLE "client_consents" ADD COLUMN "action" text DEFAULT 'given' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_identities" ADD COLUMN "inn" text;--> statement-breakpoint
ALTER TABLE "client_identities" ADD COLUMN "inn_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "client_consents_client_code_idx" ON "client_consents" USING btree ("client_id","code","id");