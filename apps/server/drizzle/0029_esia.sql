ALTER TABLE "clients" ADD COLUMN "identification_level" text DEFAULT 'self_entered' NOT NULL;--> statement-breakpoint
CREATE TABLE "biometric_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biometric_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_esia_links" (
	"client_id" bigint PRIMARY KEY NOT NULL,
	"oid" text NOT NULL,
	"trusted" boolean NOT NULL,
	"person" jsonb NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_esia_links_oid_unique" UNIQUE("oid")
);
--> statement-breakpoint
CREATE TABLE "esia_logins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esia_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"purpose" text NOT NULL,
	"client_id" bigint,
	"browser_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ticket_hash" text,
	"sealed_import" text,
	"ticket_expires_at" timestamp with time zone,
	CONSTRAINT "esia_logins_state_unique" UNIQUE("state"),
	CONSTRAINT "esia_logins_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
ALTER TABLE "biometric_checks" ADD CONSTRAINT "biometric_checks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_esia_links" ADD CONSTRAINT "client_esia_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esia_logins" ADD CONSTRAINT "esia_logins_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biometric_checks_client_idx" ON "biometric_checks" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "esia_logins_expires_idx" ON "esia_logins" USING btree ("expires_at");