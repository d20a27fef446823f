CREATE TABLE "public_data_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "public_data_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Any change of the public data, by whoever makes it, moves the version every instance compares.
CREATE FUNCTION "bump_public_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "public_data_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tariffs_bump_public_data_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariffs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "insurances_bump_public_data_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "insurances"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
