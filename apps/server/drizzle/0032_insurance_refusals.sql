CREATE TABLE "insurance_refusals" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"applied_on" date NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"payment_operation_id" bigint NOT NULL,
	CONSTRAINT "insurance_refusals_payment_operation_id_unique" UNIQUE("payment_operation_id")
);
--> statement-breakpoint
ALTER TABLE "payment_operations" DROP CONSTRAINT "payment_operations_kind_check";--> statement-breakpoint
ALTER TABLE "loan_ledger" DROP CONSTRAINT "loan_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "insurance_refusals" ADD CONSTRAINT "insurance_refusals_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_refusals" ADD CONSTRAINT "insurance_refusals_payment_operation_id_payment_operations_id_fk" FOREIGN KEY ("payment_operation_id") REFERENCES "public"."payment_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_kind_check" CHECK (kind in ('bind', 'payment', 'payout', 'refund', 'insurance_refund'));--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_kind_check" CHECK (kind in ('payout', 'interest', 'penalty', 'payment', 'prolongation_fee', 'refund', 'reversal', 'insurance_premium', 'write_off', 'insurance_refund'));