CREATE TABLE "cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"gateway" text DEFAULT 'best2pay' NOT NULL,
	"token_sealed" text NOT NULL,
	"pan_masked" text NOT NULL,
	"expiry" text NOT NULL,
	"holder" text,
	"payment_system" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_autopay" boolean DEFAULT false NOT NULL,
	"autopay_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text DEFAULT 'best2pay' NOT NULL,
	"order_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"reference" text,
	"effect" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"client_id" bigint NOT NULL,
	"gateway" text DEFAULT 'best2pay' NOT NULL,
	"gateway_order_id" text,
	"gateway_operation_id" text,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"card_id" bigint,
	"referer" text,
	"reversal_status" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_operations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_operations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_operations_kind_check" CHECK (kind in ('bind', 'payment', 'payout')),
	CONSTRAINT "payment_operations_status_check" CHECK (status in ('new', 'pending', 'approved', 'declined', 'failed')),
	CONSTRAINT "payment_operations_amount_check" CHECK ("payment_operations"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_b2p_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_b2p_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 900001 CACHE 1),
	"order_id" bigint NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"reason_code" integer,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"pan_masked" text,
	"expiry" text,
	"holder" text,
	"token" text,
	"token_requested" boolean DEFAULT false NOT NULL,
	"charge_behaviour" text,
	"challenge" text,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_b2p_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_b2p_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1),
	"sector" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"description" text NOT NULL,
	"url" text,
	"failurl" text,
	"notify_url" text,
	"email" text,
	"phone" text,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_b2p_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"sector" text NOT NULL,
	"pan_masked" text NOT NULL,
	"expiry" text NOT NULL,
	"holder" text,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_b2p_operations" ADD CONSTRAINT "sandbox_b2p_operations_order_id_sandbox_b2p_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_b2p_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_b2p_operations" ADD CONSTRAINT "sandbox_b2p_operations_token_sandbox_b2p_tokens_token_fk" FOREIGN KEY ("token") REFERENCES "public"."sandbox_b2p_tokens"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_client_id_idx" ON "cards" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_one_active_per_client_idx" ON "cards" USING btree ("client_id") WHERE "cards"."is_active" and "cards"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_notifications_operation_idx" ON "gateway_notifications" USING btree ("order_id","operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_operations_gateway_order_idx" ON "payment_operations" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
CREATE INDEX "payment_operations_client_id_idx" ON "payment_operations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sandbox_b2p_operations_order_id_idx" ON "sandbox_b2p_operations" USING btree ("order_id");