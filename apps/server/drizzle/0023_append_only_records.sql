-- What the lender must be able to show later is written once and never edited: the loan's ledger
-- (balances are derived from it), the console's audit log, the history of settings changes, the
-- record of credit-report requests (218-FZ art. 6) and the contract's signatures (АСП, 63-FZ).
-- Whoever connects, the database refuses to change or remove a row; a correction is a new row (a
-- ledger reversal).
CREATE FUNCTION "refuse_append_only_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'таблица % только для добавления: % запрещён', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  record_table text;
BEGIN
  FOREACH record_table IN ARRAY ARRAY[
    'loan_ledger', 'crm_audit', 'settings_changes', 'bureau_requests', 'order_signatures'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I '
      'FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"()',
      record_table || '_append_only', record_table);
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"()',
      record_table || '_no_truncate', record_table);
  END LOOP;
END;
$$;
