CREATE TABLE "collection_promises" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_promises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"made_on" date NOT NULL,
	"due_on" date NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_promises_amount_check" CHECK ("collection_promises"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_promises_order_idx" ON "collection_promises" USING btree ("order_id","id");