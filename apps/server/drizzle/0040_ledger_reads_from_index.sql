-- A loan's entries are read from this index alone (an index-only scan): in it they lie together,
-- where the table holds them a page a day. The included columns are the ones the ledger's reads
-- take (services/loans/ledger.ts); uniqueness stays on (order_id, entry_key).
DROP INDEX "loan_ledger_order_entry_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "loan_ledger_order_entry_idx" ON "loan_ledger" USING btree ("order_id","entry_key") INCLUDE ("id","kind","amount","entry_date","allocated_penalty","allocated_interest","allocated_principal","reverses");--> statement-breakpoint
-- An index-only scan skips the table only for pages vacuum marked all-visible: the append-only
-- ledger is vacuumed after 1 % of it is new, not the default 20 %.
ALTER TABLE "loan_ledger" SET (autovacuum_vacuum_insert_scale_factor = 0.01);
