ALTER TABLE "loan_orders" ADD COLUMN "cooling_off_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_percent" text;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_payments" bigint;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_income" bigint;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_income_basis" text;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_cooling_off_check" CHECK ("loan_orders"."cooling_off_hours" >= 0);