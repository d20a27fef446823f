-- The documents a client accepted with an order (the application, the consent to a credit-report
-- request: 152-FZ, 218-FZ art. 6) are evidence, like the signatures: written once, never edited.
-- client_consents stays out: a consent is withdrawn, and that may yet be written as an edit.
CREATE TRIGGER "order_document_acceptances_append_only" BEFORE UPDATE OR DELETE ON "order_document_acceptances"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
--> statement-breakpoint
CREATE TRIGGER "order_document_acceptances_no_truncate" BEFORE TRUNCATE ON "order_document_acceptances"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
