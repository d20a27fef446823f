CREATE SCHEMA IF NOT EXISTS "sandbox";
--> statement-breakpoint
-- A database that ran in sandbox mode before keeps its test cards, tokens, bureau record and
-- clock: the tables it has in "public" move here under their new names. The main folder's
-- migration that drops "public"."sandbox_*" runs after this one (the sandbox folder goes first).
DO $$
BEGIN
  IF to_regclass('public.sandbox_b2p_orders') IS NOT NULL THEN
    ALTER TABLE "public"."sandbox_b2p_orders" SET SCHEMA "sandbox";
    ALTER TABLE "sandbox"."sandbox_b2p_orders" RENAME TO "b2p_orders";
    ALTER TABLE "sandbox"."b2p_orders" RENAME CONSTRAINT "sandbox_b2p_orders_pkey" TO "b2p_orders_pkey";
    ALTER SEQUENCE "sandbox"."sandbox_b2p_orders_id_seq" RENAME TO "b2p_orders_id_seq";
  END IF;
  IF to_regclass('public.sandbox_b2p_tokens') IS NOT NULL THEN
    ALTER TABLE "public"."sandbox_b2p_tokens" SET SCHEMA "sandbox";
    ALTER TABLE "sandbox"."sandbox_b2p_tokens" RENAME TO "b2p_tokens";
    ALTER TABLE "sandbox"."b2p_tokens" RENAME CONSTRAINT "sandbox_b2p_tokens_pkey" TO "b2p_tokens_pkey";
  END IF;
  IF to_regclass('public.sandbox_b2p_operations') IS NOT NULL THEN
    ALTER TABLE "public"."sandbox_b2p_operations" SET SCHEMA "sandbox";
    ALTER TABLE "sandbox"."sandbox_b2p_operations" RENAME TO "b2p_operations";
    ALTER TABLE "sandbox"."b2p_operations" RENAME CONSTRAINT "sandbox_b2p_operations_pkey" TO "b2p_operations_pkey";
    ALTER TABLE "sandbox"."b2p_operations" RENAME CONSTRAINT "sandbox_b2p_operations_order_id_sandbox_b2p_orders_id_fk" TO "b2p_operations_order_id_b2p_orders_id_fk";
    ALTER TABLE "sandbox"."b2p_operations" RENAME CONSTRAINT "sandbox_b2p_operations_token_sandbox_b2p_tokens_token_fk" TO "b2p_operations_token_b2p_tokens_token_fk";
    ALTER INDEX "sandbox"."sandbox_b2p_operations_order_id_idx" RENAME TO "b2p_operations_order_id_idx";
    ALTER SEQUENCE "sandbox"."sandbox_b2p_operations_id_seq" RENAME TO "b2p_operations_id_seq";
  END IF;
  IF to_regclass('public.sandbox_bureau_events') IS NOT NULL THEN
    ALTER TABLE "public"."sandbox_bureau_events" SET SCHEMA "sandbox";
    ALTER TABLE "sandbox"."sandbox_bureau_events" RENAME TO "bureau_events";
    ALTER TABLE "sandbox"."bureau_events" RENAME CONSTRAINT "sandbox_bureau_events_pkey" TO "bureau_events_pkey";
    ALTER INDEX "sandbox"."sandbox_bureau_events_received_idx" RENAME TO "bureau_events_received_idx";
    ALTER INDEX "sandbox"."sandbox_bureau_events_deal_idx" RENAME TO "bureau_events_deal_idx";
  END IF;
  IF to_regclass('public.sandbox_clock') IS NOT NULL THEN
    ALTER TABLE "public"."sandbox_clock" SET SCHEMA "sandbox";
    ALTER TABLE "sandbox"."sandbox_clock" RENAME TO "clock";
    ALTER TABLE "sandbox"."clock" RENAME CONSTRAINT "sandbox_clock_pkey" TO "clock_pkey";
  END IF;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox"."b2p_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox"."b2p_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1),
	"sector" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"description" text NOT NULL,
	"url" text,
	"failurl" text,
	"notify_url" text,
	"email" text,
	"phone" text,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox"."b2p_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"sector" text NOT NULL,
	"pan_masked" text NOT NULL,
	"expiry" text NOT NULL,
	"holder" text,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox"."b2p_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox"."b2p_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 900001 CACHE 1),
	"order_id" bigint NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"reason_code" integer,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"pan_masked" text,
	"expiry" text,
	"holder" text,
	"token" text,
	"token_requested" boolean DEFAULT false NOT NULL,
	"charge_behaviour" text,
	"challenge" text,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "b2p_operations_order_id_b2p_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "sandbox"."b2p_orders"("id") ON DELETE no action ON UPDATE no action,
	CONSTRAINT "b2p_operations_token_b2p_tokens_token_fk" FOREIGN KEY ("token") REFERENCES "sandbox"."b2p_tokens"("token") ON DELETE no action ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox"."bureau_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"deal_uid" text NOT NULL,
	"document_number" text NOT NULL,
	"passport" text NOT NULL,
	"surname" text,
	"figure" text,
	"received_at" timestamp with time zone NOT NULL,
	"times_received" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox"."clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "b2p_operations_order_id_idx" ON "sandbox"."b2p_operations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bureau_events_received_idx" ON "sandbox"."bureau_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bureau_events_deal_idx" ON "sandbox"."bureau_events" USING btree ("deal_uid");
