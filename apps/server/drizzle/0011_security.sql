CREATE TABLE "guest_account_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guest_account_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"call" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email_confirmed_by_operator" text;--> statement-breakpoint
ALTER TABLE "loanpay_lookups" ADD COLUMN "contract_number" text;--> statement-breakpoint
CREATE INDEX "guest_account_calls_phone_idx" ON "guest_account_calls" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "guest_account_calls_ip_idx" ON "guest_account_calls" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "loanpay_lookups_contract_idx" ON "loanpay_lookups" USING btree ("contract_number","created_at");