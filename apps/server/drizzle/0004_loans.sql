CREATE TABLE "insurances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insurances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insurances_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "loan_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"entry_key" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"entry_date" date NOT NULL,
	"allocated_penalty" bigint,
	"allocated_interest" bigint,
	"allocated_principal" bigint,
	"reverses" text,
	"payment_operation_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_ledger_kind_check" CHECK (kind in ('payout', 'interest', 'penalty', 'payment', 'prolongation_fee', 'reversal')),
	CONSTRAINT "loan_ledger_amount_check" CHECK ("loan_ledger"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"status_id" integer NOT NULL,
	"tariff_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"period" integer NOT NULL,
	"day_percent" text NOT NULL,
	"interest" bigint NOT NULL,
	"return_sum" bigint NOT NULL,
	"psk_percent" text NOT NULL,
	"psk_amount" bigint NOT NULL,
	"insurance_total" bigint DEFAULT 0 NOT NULL,
	"client_snapshot" jsonb NOT NULL,
	"contract_number" text,
	"status_reason" text,
	"moratorium_until" date,
	"due_date" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"given_at" timestamp with time zone,
	"repaid_at" timestamp with time zone,
	CONSTRAINT "loan_orders_contract_number_unique" UNIQUE("contract_number"),
	CONSTRAINT "loan_orders_status_check" CHECK ("loan_orders"."status_id" between 0 and 12),
	CONSTRAINT "loan_orders_amount_check" CHECK ("loan_orders"."amount" > 0 and "loan_orders"."period" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_insurances" (
	"order_id" bigint NOT NULL,
	"insurance_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "order_insurances_order_id_insurance_id_pk" PRIMARY KEY("order_id","insurance_id")
);
--> statement-breakpoint
CREATE TABLE "order_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_operation_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_payouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "order_payouts_payment_operation_id_unique" UNIQUE("payment_operation_id"),
	CONSTRAINT "order_payouts_status_check" CHECK (status in ('pending', 'approved', 'declined', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "order_scorings" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"approved" boolean NOT NULL,
	"rules" jsonb NOT NULL,
	"forced_by" text,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_signatures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"documents" jsonb NOT NULL,
	"code_hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"phone" text NOT NULL,
	CONSTRAINT "order_signatures_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "refusal_partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refusal_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"link" text NOT NULL,
	"max_sum" bigint NOT NULL,
	"rate_text" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refusal_showcase_rules" (
	"page" text PRIMARY KEY NOT NULL,
	"partner_id" integer,
	"latency_seconds" integer DEFAULT 0 NOT NULL,
	"window_to_open" text NOT NULL,
	CONSTRAINT "refusal_showcase_rules_page_check" CHECK (page in ('denied', 'other')),
	CONSTRAINT "refusal_showcase_rules_window_check" CHECK (window_to_open in ('in-same-window', 'in-new-window')),
	CONSTRAINT "refusal_showcase_rules_latency_check" CHECK ("refusal_showcase_rules"."latency_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_repeat" boolean NOT NULL,
	"min_sum" bigint NOT NULL,
	"max_sum" bigint NOT NULL,
	"sum_step" bigint NOT NULL,
	"min_period" integer NOT NULL,
	"max_period" integer NOT NULL,
	"period_step" integer NOT NULL,
	"day_percent" text NOT NULL,
	"period" text DEFAULT 'Daily' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tariffs_bounds_check" CHECK ("tariffs"."min_sum" > 0 and "tariffs"."min_sum" <= "tariffs"."max_sum" and "tariffs"."sum_step" > 0
        and "tariffs"."min_period" > 0 and "tariffs"."min_period" <= "tariffs"."max_period"
        and "tariffs"."period_step" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_document_acceptances" (
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	CONSTRAINT "order_document_acceptances_order_id_kind_pk" PRIMARY KEY("order_id","kind")
);
--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_payment_operation_id_payment_operations_id_fk" FOREIGN KEY ("payment_operation_id") REFERENCES "public"."payment_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_insurances" ADD CONSTRAINT "order_insurances_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_insurances" ADD CONSTRAINT "order_insurances_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payouts" ADD CONSTRAINT "order_payouts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payouts" ADD CONSTRAINT "order_payouts_payment_operation_id_payment_operations_id_fk" FOREIGN KEY ("payment_operation_id") REFERENCES "public"."payment_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payouts" ADD CONSTRAINT "order_payouts_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scorings" ADD CONSTRAINT "order_scorings_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_signatures" ADD CONSTRAINT "order_signatures_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_signatures" ADD CONSTRAINT "order_signatures_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refusal_showcase_rules" ADD CONSTRAINT "refusal_showcase_rules_partner_id_refusal_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."refusal_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_document_acceptances" ADD CONSTRAINT "order_document_acceptances_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_ledger_order_entry_idx" ON "loan_ledger" USING btree ("order_id","entry_key");--> statement-breakpoint
CREATE INDEX "loan_orders_client_idx" ON "loan_orders" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "loan_orders_status_updated_idx" ON "loan_orders" USING btree ("status_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_orders_one_live_per_client_idx" ON "loan_orders" USING btree ("client_id") WHERE status_id in (0, 1, 2, 9, 5, 4, 8);--> statement-breakpoint
CREATE UNIQUE INDEX "order_payouts_one_live_per_order_idx" ON "order_payouts" USING btree ("order_id") WHERE "order_payouts"."status" in ('pending', 'approved');