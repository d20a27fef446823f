CREATE TABLE "collection_assignments" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"assigned_by" bigint,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_contacts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"staff_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_contacts_channel_check" CHECK (channel in ('call', 'sms', 'email', 'voice'))
);
--> statement-breakpoint
CREATE TABLE "collection_protections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_protections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_date" date NOT NULL,
	"until_date" date,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_protections_kind_check" CHECK (kind in ('hospital', 'bankruptcy', 'credit_holidays', 'refusal', 'representative'))
);
--> statement-breakpoint
ALTER TABLE "collection_assignments" ADD CONSTRAINT "collection_assignments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_assignments" ADD CONSTRAINT "collection_assignments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_assignments" ADD CONSTRAINT "collection_assignments_assigned_by_staff_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protections" ADD CONSTRAINT "collection_protections_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_protections" ADD CONSTRAINT "collection_protections_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_assignments_staff_idx" ON "collection_assignments" USING btree ("staff_id","order_id");--> statement-breakpoint
CREATE INDEX "collection_contacts_client_at_idx" ON "collection_contacts" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "collection_contacts_order_at_idx" ON "collection_contacts" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "collection_protections_client_idx" ON "collection_protections" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "loan_orders_overdue_idx" ON "loan_orders" USING btree ("due_date","id") WHERE status_id in (4, 8);