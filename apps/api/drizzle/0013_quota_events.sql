CREATE TABLE "quota_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quota_events" ADD CONSTRAINT "quota_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quota_events_user_kind_created_idx" ON "quota_events" USING btree ("user_id","kind","created_at");--> statement-breakpoint
-- Back-fill: the plans and regenerations asked for in the last day still count after the switch.
INSERT INTO "quota_events" ("user_id", "kind", "created_at")
SELECT "user_id", CASE WHEN "task_type" = 'generate' THEN 'meal_plan' ELSE 'meal_plan_regeneration' END, "created_at"
FROM "meal_plan_tasks" WHERE "created_at" > now() - interval '1 day';
