CREATE TABLE "staff_sign_in_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_sign_in_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"login" text NOT NULL,
	"ip" text NOT NULL,
	"step" text NOT NULL,
	"succeeded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_sign_in_attempts_login_idx" ON "staff_sign_in_attempts" USING btree ("login","created_at");--> statement-breakpoint
CREATE INDEX "staff_sign_in_attempts_ip_idx" ON "staff_sign_in_attempts" USING btree ("ip","created_at");