CREATE TABLE "client_identities" (
	"client_id" bigint PRIMARY KEY NOT NULL,
	"personal" jsonb,
	"passport" jsonb,
	"addresses" jsonb,
	"work" jsonb,
	"monthly_income_kopecks" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"storage_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_files_storage_name_unique" UNIQUE("storage_name")
);
--> statement-breakpoint
ALTER TABLE "client_identities" ADD CONSTRAINT "client_identities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_files" ADD CONSTRAINT "client_files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_files_client_kind_idx" ON "client_files" USING btree ("client_id","kind","id");