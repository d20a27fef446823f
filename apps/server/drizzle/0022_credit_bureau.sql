CREATE TABLE "bureau_deals" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"client_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bureau_deals_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "bureau_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bureau_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"bureau" text NOT NULL,
	"consent_version" text NOT NULL,
	"consent_accepted_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"http_status" integer,
	"error" text,
	"summary" jsonb,
	"request_xml" text NOT NULL,
	"answer_xml" text,
	CONSTRAINT "bureau_requests_outcome_check" CHECK ("bureau_requests"."outcome" in ('answered', 'no_record', 'unavailable'))
);
--> statement-breakpoint
CREATE TABLE "bureau_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"wait_minutes" integer,
	"wait_action" text,
	CONSTRAINT "bureau_settings_single_row_check" CHECK ("bureau_settings"."id" = 1),
	CONSTRAINT "bureau_settings_wait_check" CHECK (("bureau_settings"."wait_minutes" is null or "bureau_settings"."wait_minutes" between 1 and 10080)
        and ("bureau_settings"."wait_action" is null or "bureau_settings"."wait_action" in ('refuse', 'review')))
);
--> statement-breakpoint
CREATE TABLE "credit_history_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_history_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_uid" text NOT NULL,
	"client_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	"lease_token" text,
	"last_sent_at" timestamp with time zone,
	"document_number" text,
	"incoming_number" text,
	"acknowledged_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "credit_history_events_event_uid_unique" UNIQUE("event_uid")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bureau_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"deal_uid" text NOT NULL,
	"document_number" text NOT NULL,
	"passport" text NOT NULL,
	"surname" text,
	"figure" text,
	"received_at" timestamp with time zone NOT NULL,
	"times_received" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bureau_deals" ADD CONSTRAINT "bureau_deals_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_deals" ADD CONSTRAINT "bureau_deals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_requests" ADD CONSTRAINT "bureau_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_requests" ADD CONSTRAINT "bureau_requests_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_history_events" ADD CONSTRAINT "credit_history_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_history_events" ADD CONSTRAINT "credit_history_events_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bureau_requests_order_idx" ON "bureau_requests" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "bureau_requests_client_idx" ON "bureau_requests" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "credit_history_events_due_idx" ON "credit_history_events" USING btree ("next_attempt_at","id") WHERE "credit_history_events"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "credit_history_events_order_idx" ON "credit_history_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "credit_history_events_client_idx" ON "credit_history_events" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "credit_history_events_occurred_idx" ON "credit_history_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "sandbox_bureau_events_received_idx" ON "sandbox_bureau_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "sandbox_bureau_events_deal_idx" ON "sandbox_bureau_events" USING btree ("deal_uid");