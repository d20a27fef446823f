CREATE TABLE "collection_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_waivers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_waivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"proposed_by" bigint NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"written_off" bigint,
	CONSTRAINT "collection_waivers_kind_check" CHECK (kind in ('penalty', 'interest', 'write_off')),
	CONSTRAINT "collection_waivers_state_check" CHECK (state in ('pending', 'approved', 'refused')),
	CONSTRAINT "collection_waivers_amount_check" CHECK ("collection_waivers"."amount" > 0),
	CONSTRAINT "collection_waivers_checker_check" CHECK ("collection_waivers"."decided_by" is null or "collection_waivers"."decided_by" <> "collection_waivers"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "collection_callbacks" ADD CONSTRAINT "collection_callbacks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_callbacks" ADD CONSTRAINT "collection_callbacks_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_waivers" ADD CONSTRAINT "collection_waivers_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_waivers" ADD CONSTRAINT "collection_waivers_proposed_by_staff_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_waivers" ADD CONSTRAINT "collection_waivers_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_callbacks_order_idx" ON "collection_callbacks" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "collection_waivers_state_idx" ON "collection_waivers" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "collection_waivers_order_idx" ON "collection_waivers" USING btree ("order_id","id");