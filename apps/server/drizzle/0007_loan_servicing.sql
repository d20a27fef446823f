CREATE TABLE "autopay_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autopay_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"due_date" date NOT NULL,
	"payment_operation_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"payment_operation_id" bigint NOT NULL,
	"type" text NOT NULL,
	"prolongation_days" integer,
	"prolongation_due_date" date,
	"agreement_code_hash" text,
	"agreement_signed_at" timestamp with time zone,
	"agreement_ip" text,
	"agreement_sha256" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_payments_payment_operation_id_unique" UNIQUE("payment_operation_id"),
	CONSTRAINT "loan_payments_type_check" CHECK (type in ('full', 'part', 'prolongation', 'autopay'))
);
--> statement-breakpoint
CREATE TABLE "loanpay_lookups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loanpay_lookups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ip" text NOT NULL,
	"found" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loanpay_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_payment_operation_id_payment_operations_id_fk" FOREIGN KEY ("payment_operation_id") REFERENCES "public"."payment_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_payment_operation_id_payment_operations_id_fk" FOREIGN KEY ("payment_operation_id") REFERENCES "public"."payment_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loanpay_tokens" ADD CONSTRAINT "loanpay_tokens_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_attempts_order_due_idx" ON "autopay_attempts" USING btree ("order_id","due_date");--> statement-breakpoint
CREATE INDEX "loan_payments_order_idx" ON "loan_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "loanpay_lookups_ip_idx" ON "loanpay_lookups" USING btree ("ip","created_at");