CREATE TABLE "credit_holiday_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_holiday_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"holiday_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"storage_name" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_holiday_documents_storage_name_unique" UNIQUE("storage_name")
);
--> statement-breakpoint
CREATE TABLE "credit_holidays" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"ground" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"until_date" date NOT NULL,
	"months" integer NOT NULL,
	"due_date_before" date NOT NULL,
	"due_date_after" date,
	"due_on_new_date" bigint,
	"day_percent" text,
	"reason" text,
	"decided_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "credit_holidays_ground_check" CHECK (ground in ('income_drop', 'service')),
	CONSTRAINT "credit_holidays_status_check" CHECK (status in ('pending', 'approved', 'refused')),
	CONSTRAINT "credit_holidays_months_check" CHECK ("credit_holidays"."months" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_holiday_documents" ADD CONSTRAINT "credit_holiday_documents_holiday_id_credit_holidays_id_fk" FOREIGN KEY ("holiday_id") REFERENCES "public"."credit_holidays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holiday_documents" ADD CONSTRAINT "credit_holiday_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holidays" ADD CONSTRAINT "credit_holidays_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holidays" ADD CONSTRAINT "credit_holidays_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holidays" ADD CONSTRAINT "credit_holidays_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_holiday_documents_holiday_idx" ON "credit_holiday_documents" USING btree ("holiday_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_holidays_one_per_loan_idx" ON "credit_holidays" USING btree ("order_id") WHERE "credit_holidays"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "credit_holidays_status_idx" ON "credit_holidays" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "credit_holidays_client_idx" ON "credit_holidays" USING btree ("client_id","id");