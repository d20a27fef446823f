CREATE TABLE "loan_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"moratorium_days" integer,
	CONSTRAINT "loan_settings_single_row_check" CHECK ("loan_settings"."id" = 1),
	CONSTRAINT "loan_settings_moratorium_check" CHECK ("loan_settings"."moratorium_days" is null or "loan_settings"."moratorium_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "settings_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settings_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings_changes" ADD CONSTRAINT "settings_changes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settings_changes_item_idx" ON "settings_changes" USING btree ("entity","entity_id","id");--> statement-breakpoint
-- The one row of loan_settings: null columns follow the server's configuration (MORATORIUM_DAYS).
INSERT INTO "loan_settings" ("id") VALUES (1);
