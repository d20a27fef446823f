-- The logs that only grow with time, the console's audit log and the messages sent, are kept in
-- one partition per Moscow month: a month's rows sit together, a query for a period reads only its
-- months, and an old month can one day be archived whole. A partitioned table's primary key must
-- hold the partition key, hence (id, created_at) and (id, sent_at). Rows outside every month made
-- so far go to the DEFAULT partition; the server makes the coming months ahead
-- (db/partitions.ts), and leaves a month whose rows are already in DEFAULT there, with a warning.
-- The ledger stays one table: see docs/decisions.md.

-- A refusal names the table a person knows, not the month's partition the row is in.
CREATE OR REPLACE FUNCTION "refuse_append_only_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'таблица % только для добавления: % запрещён',
    coalesce(pg_partition_root(TG_RELID)::text, TG_TABLE_NAME), TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
-- Makes the partition of `parent` for the Moscow month of `day`, unless it exists. Row triggers
-- are cloned to a new partition by PostgreSQL; a TRUNCATE trigger is not, so it is copied here.
-- Returns false when rows of that month are already in the DEFAULT partition: PostgreSQL would
-- refuse the new partition, and moving the rows is an operator's step (docs/production.md).
CREATE FUNCTION "create_month_partition"(parent text, day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', day)::date;
  partition text := parent || '_' || to_char(first_day, 'YYYY_MM');
  starts timestamptz := first_day::timestamp AT TIME ZONE 'Europe/Moscow';
  ends timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'Europe/Moscow';
  key_column text;
  outside boolean;
BEGIN
  IF to_regclass(quote_ident(partition)) IS NOT NULL THEN
    RETURN true;
  END IF;
  SELECT attribute.attname INTO key_column
    FROM pg_partitioned_table partitioned
    JOIN pg_attribute attribute
      ON attribute.attrelid = partitioned.partrelid AND attribute.attnum = partitioned.partattrs[0]
    WHERE partitioned.partrelid = parent::regclass;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)',
      parent || '_default', key_column, key_column)
    INTO outside USING starts, ends;
  IF outside THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
    partition, parent, starts, ends);
  IF EXISTS (SELECT 1 FROM pg_trigger
             WHERE tgrelid = parent::regclass AND tgname = parent || '_no_truncate') THEN
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"()',
      partition || '_no_truncate', partition);
  END IF;
  RETURN true;
END;
$$;
--> statement-breakpoint
ALTER TABLE "crm_audit" RENAME TO "crm_audit_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "crm_audit_id_seq" RENAME TO "crm_audit_unpartitioned_id_seq";--> statement-breakpoint
DROP INDEX "crm_audit_created_idx", "crm_audit_staff_idx", "crm_audit_client_idx",
  "crm_audit_login_created_idx", "crm_audit_ip_created_idx";--> statement-breakpoint
CREATE TABLE "crm_audit" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crm_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint,
	"role" text,
	"login" text,
	"action" text NOT NULL,
	"client_id" bigint,
	"ip" text NOT NULL,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crm_audit_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "crm_audit" ADD CONSTRAINT "crm_audit_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_audit_created_idx" ON "crm_audit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "crm_audit_staff_idx" ON "crm_audit" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "crm_audit_client_idx" ON "crm_audit" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "crm_audit_login_created_idx" ON "crm_audit" USING btree ("login","created_at");--> statement-breakpoint
CREATE INDEX "crm_audit_ip_created_idx" ON "crm_audit" USING btree ("ip","created_at");--> statement-breakpoint
CREATE TRIGGER "crm_audit_append_only" BEFORE UPDATE OR DELETE ON "crm_audit"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "crm_audit_no_truncate" BEFORE TRUNCATE ON "crm_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TABLE "crm_audit_default" PARTITION OF "crm_audit" DEFAULT;--> statement-breakpoint
CREATE TRIGGER "crm_audit_default_no_truncate" BEFORE TRUNCATE ON "crm_audit_default"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
ALTER TABLE "sent_messages" RENAME TO "sent_messages_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "sent_messages_id_seq" RENAME TO "sent_messages_unpartitioned_id_seq";--> statement-breakpoint
DROP INDEX "sent_messages_recipient_idx";--> statement-breakpoint
CREATE TABLE "sent_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sent_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"provider" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sent_messages_id_sent_at_pk" PRIMARY KEY("id","sent_at")
) PARTITION BY RANGE ("sent_at");--> statement-breakpoint
CREATE INDEX "sent_messages_recipient_idx" ON "sent_messages" USING btree ("recipient","id");--> statement-breakpoint
CREATE TABLE "sent_messages_default" PARTITION OF "sent_messages" DEFAULT;--> statement-breakpoint
-- Every month that has rows, and this month with the next three, exist before the rows move in.
SELECT "create_month_partition"('crm_audit', month::date)
  FROM generate_series(
    date_trunc('month', least(
      (SELECT min("created_at") FROM "crm_audit_unpartitioned"), now()) AT TIME ZONE 'Europe/Moscow'),
    date_trunc('month', now() AT TIME ZONE 'Europe/Moscow') + interval '3 months',
    interval '1 month') AS month;--> statement-breakpoint
SELECT "create_month_partition"('sent_messages', month::date)
  FROM generate_series(
    date_trunc('month', least(
      (SELECT min("sent_at") FROM "sent_messages_unpartitioned"), now()) AT TIME ZONE 'Europe/Moscow'),
    date_trunc('month', now() AT TIME ZONE 'Europe/Moscow') + interval '3 months',
    interval '1 month') AS month;--> statement-breakpoint
INSERT INTO "crm_audit" OVERRIDING SYSTEM VALUE SELECT * FROM "crm_audit_unpartitioned";--> statement-breakpoint
INSERT INTO "sent_messages" OVERRIDING SYSTEM VALUE SELECT * FROM "sent_messages_unpartitioned";--> statement-breakpoint
-- The ids go on from where they were.
SELECT setval('crm_audit_id_seq', last_value, is_called) FROM "crm_audit_unpartitioned_id_seq";--> statement-breakpoint
SELECT setval('sent_messages_id_seq', last_value, is_called) FROM "sent_messages_unpartitioned_id_seq";--> statement-breakpoint
DROP TABLE "crm_audit_unpartitioned";--> statement-breakpoint
DROP TABLE "sent_messages_unpartitioned";
