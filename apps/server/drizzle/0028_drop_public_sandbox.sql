-- The sandbox's state lives in schema "sandbox" (drizzle-sandbox/, SANDBOX=true only). In sandbox
-- mode that folder runs first and has moved these tables there already; anywhere else they go.
DROP TABLE IF EXISTS "public"."sandbox_b2p_operations" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "public"."sandbox_b2p_orders" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "public"."sandbox_b2p_tokens" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "public"."sandbox_clock" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "public"."sandbox_bureau_events" CASCADE;
