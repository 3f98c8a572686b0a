CREATE TABLE "device_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"device_type" text NOT NULL,
	"web_push_keys" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"local_date" text NOT NULL,
	"slot" text NOT NULL,
	"notification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ALTER COLUMN "meal_reminders_enabled" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "notification_preferences" ALTER COLUMN "meal_reminder_times" SET DEFAULT '{"breakfast":"07:30","lunch":"12:00","snack":null,"dinner":"18:00"}'::jsonb;--> statement-breakpoint
ALTER TABLE "notification_preferences" ALTER COLUMN "logging_reminders_enabled" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "logging_reminder_times" jsonb DEFAULT '["10:00","14:00","20:00"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "in_app_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_token_idx" ON "device_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "device_tokens_user_idx" ON "device_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_once_idx" ON "reminder_sends" USING btree ("user_id","kind","local_date","slot");--> statement-breakpoint
CREATE INDEX "reminder_sends_created_idx" ON "reminder_sends" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_preferences_active_idx" ON "notification_preferences" USING btree ("user_id") WHERE "notification_preferences"."meal_reminders_enabled" or "notification_preferences"."logging_reminders_enabled";