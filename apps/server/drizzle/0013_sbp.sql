CREATE TABLE "sbp_prechecks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sbp_prechecks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"gateway_order_id" text NOT NULL,
	"gateway_precheck_id" text NOT NULL,
	"bank_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"phone" text NOT NULL,
	"recipient_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payouts" ALTER COLUMN "card_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "payout_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payouts" ADD COLUMN "sbp_precheck_id" bigint;--> statement-breakpoint
ALTER TABLE "sbp_prechecks" ADD CONSTRAINT "sbp_prechecks_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sbp_prechecks_order_idx" ON "sbp_prechecks" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "order_payouts" ADD CONSTRAINT "order_payouts_sbp_precheck_id_sbp_prechecks_id_fk" FOREIGN KEY ("sbp_precheck_id") REFERENCES "public"."sbp_prechecks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payouts" ADD CONSTRAINT "order_payouts_sbp_precheck_id_unique" UNIQUE("sbp_precheck_id");--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_payout_method_check" CHECK ("loan_orders"."payout_method" in ('card', 'sbp'));--> statement-breakpoint
ALTER TABLE "order_payouts" ADD CONSTRAINT "order_payouts_destination_check" CHECK (("order_payouts"."card_id" is null) <> ("order_payouts"."sbp_precheck_id" is null));