ALTER TABLE "sessions" ADD COLUMN "opened_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "opened_by_staff_session_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_opened_by_staff_id_staff_id_fk" FOREIGN KEY ("opened_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_opened_by_staff_session_id_staff_sessions_id_fk" FOREIGN KEY ("opened_by_staff_session_id") REFERENCES "public"."staff_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_opened_by_staff_idx" ON "sessions" USING btree ("opened_by_staff_id") WHERE "sessions"."opened_by_staff_id" is not null;