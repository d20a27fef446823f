CREATE TABLE "day_batches" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"done_at" timestamp with time zone,
	"items" integer,
	CONSTRAINT "day_batches_job_day_first_id_pk" PRIMARY KEY("job","day","first_id")
);
