CREATE TABLE "day_states" (
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_states_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "height_cm" real;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "goal_weight_kg" real;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "weekly_rate_kg" real;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "activity_level" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "exercise_calories_back_pct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "day_states" ADD CONSTRAINT "day_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- People who already use the app are past the first run: the onboarding is offered to new accounts only.
UPDATE "user_settings" SET "onboarded_at" = "updated_at" WHERE "onboarded_at" IS NULL;
