CREATE TABLE "water_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time" text,
	"amount_ml" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "weight_entries_user_date_idx";--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "daily_water_goal_ml" integer;--> statement-breakpoint
ALTER TABLE "water_entries" ADD CONSTRAINT "water_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "water_entries_user_date_idx" ON "water_entries" USING btree ("user_id","date","id");--> statement-breakpoint
-- One weight a day (issue 42 §8): keep the latest weigh-in of each day (by time, then by id), drop the others.
DELETE FROM "weight_entries" w USING "weight_entries" k WHERE k."user_id" = w."user_id" AND k."date" = w."date" AND (coalesce(k."time", ''), k."id") > (coalesce(w."time", ''), w."id");--> statement-breakpoint
CREATE UNIQUE INDEX "weight_entries_user_date_key" ON "weight_entries" USING btree ("user_id","date");