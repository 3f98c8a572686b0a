CREATE TABLE "shared_foods_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "foods_custom_owner_idx" ON "foods" USING btree ("created_by") WHERE source = 'custom';