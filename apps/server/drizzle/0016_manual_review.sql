CREATE TABLE "order_reviews" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"sent_by" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decision" text,
	"reason" text,
	"staff_id" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "order_reviews_decision_check" CHECK ("order_reviews"."decision" in ('approve', 'refuse'))
);
--> statement-breakpoint
ALTER TABLE "order_reviews" ADD CONSTRAINT "order_reviews_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reviews" ADD CONSTRAINT "order_reviews_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_reviews_waiting_idx" ON "order_reviews" USING btree ("created_at") WHERE "order_reviews"."decision" is null;