CREATE TABLE "crm_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint,
	"role" text,
	"login" text,
	"action" text NOT NULL,
	"client_id" bigint,
	"ip" text NOT NULL,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"login" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret_sealed" text,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"blocked_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "staff_login_unique" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_sign_in_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_sign_in_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"enroll_secret_sealed" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "staff_sign_in_tickets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "crm_audit" ADD CONSTRAINT "crm_audit_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sign_in_tickets" ADD CONSTRAINT "staff_sign_in_tickets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_audit_created_idx" ON "crm_audit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "crm_audit_staff_idx" ON "crm_audit" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "crm_audit_client_idx" ON "crm_audit" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "crm_audit_login_created_idx" ON "crm_audit" USING btree ("login","created_at");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "clients_phone_prefix_idx" ON "clients" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_fio_prefix_idx" ON "clients" USING btree ((replace(lower("surname"), 'ё', 'е')) text_pattern_ops,(replace(lower("name"), 'ё', 'е')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "client_identities_passport_idx" ON "client_identities" USING btree (("passport" ->> 'series_number'));