ALTER TABLE "payment_operations" DROP CONSTRAINT "payment_operations_kind_check";--> statement-breakpoint
ALTER TABLE "payment_operations" DROP CONSTRAINT "payment_operations_status_check";--> statement-breakpoint
ALTER TABLE "loan_ledger" DROP CONSTRAINT "loan_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "loan_order_id" bigint;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "refund_of" bigint;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_operations" SET "loan_order_id" = lp."order_id" FROM "loan_payments" lp WHERE lp."payment_operation_id" = "payment_operations"."id";--> statement-breakpoint
UPDATE "payment_operations" SET "loan_order_id" = p."order_id" FROM "order_payouts" p WHERE p."payment_operation_id" = "payment_operations"."id";--> statement-breakpoint
UPDATE "payment_operations" po SET "status" = 'expired', "message" = 'Страница оплаты устарела: начат новый платёж' WHERE po."kind" = 'payment' AND po."status" IN ('new', 'pending') AND EXISTS (SELECT 1 FROM "payment_operations" newer WHERE newer."loan_order_id" = po."loan_order_id" AND newer."kind" = 'payment' AND newer."status" IN ('new', 'pending') AND newer."id" > po."id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_operations_one_payment_in_flight_idx" ON "payment_operations" USING btree ("loan_order_id") WHERE kind = 'payment' and status in ('new', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_operations_refund_of_idx" ON "payment_operations" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "payment_operations_unsettled_idx" ON "payment_operations" USING btree ("status","updated_at") WHERE status in ('new', 'pending');--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_kind_check" CHECK (kind in ('bind', 'payment', 'payout', 'refund'));--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_status_check" CHECK (status in ('new', 'pending', 'approved', 'declined', 'failed', 'expired'));--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_kind_check" CHECK (kind in ('payout', 'interest', 'penalty', 'payment', 'prolongation_fee', 'refund', 'reversal'));