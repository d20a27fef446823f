ALTER TABLE "loan_orders" ADD COLUMN "debt_load_percent" text;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_payments" bigint;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_income" bigint;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_income_basis" text;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "debt_load_notice" boolean DEFAULT false NOT NULL;