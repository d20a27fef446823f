CREATE TABLE "sandbox"."esia_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"oid" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text NOT NULL,
	"code_challenge" text,
	"nonce" text,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
