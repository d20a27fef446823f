DROP INDEX "loan_reminders_due_idx";--> statement-breakpoint
CREATE INDEX "loan_reminders_due_idx" ON "loan_reminders" USING btree ("next_attempt_at","id") WHERE "loan_reminders"."state" = 'pending';