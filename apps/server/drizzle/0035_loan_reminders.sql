CREATE TABLE "loan_reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"day" integer NOT NULL,
	"last_day" date NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"refusal_code" text,
	"refusal_reason" text,
	"refusal_law" text,
	"refused_at" timestamp with time zone,
	"channels" text[],
	"text" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_reminders_kind_check" CHECK (kind in ('before_due', 'overdue_notice', 'dunning')),
	CONSTRAINT "loan_reminders_state_check" CHECK (state in ('pending', 'sent', 'dropped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_reminders_key_idx" ON "loan_reminders" USING btree ("order_id","kind","due_date","day");--> statement-breakpoint
CREATE INDEX "loan_reminders_due_idx" ON "loan_reminders" USING btree ("next_attempt_at") WHERE "loan_reminders"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "loan_reminders_client_idx" ON "loan_reminders" USING btree ("client_id","id");