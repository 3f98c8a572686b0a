CREATE TABLE "daily_meal_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"date" date NOT NULL,
	"local_time" text NOT NULL,
	"meal_times" jsonb NOT NULL,
	"seed" integer NOT NULL,
	"plan" jsonb,
	"error_message" text,
	"job_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meal_plan_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"meal_plan_id" integer NOT NULL,
	"task_type" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"day_number" integer,
	"meal_type" text,
	"seed" integer NOT NULL,
	"days_completed" integer DEFAULT 0 NOT NULL,
	"total_days" integer NOT NULL,
	"job_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"days" integer NOT NULL,
	"start_date" date NOT NULL,
	"plan_type" text DEFAULT 'multi-day' NOT NULL,
	"alternatives_enabled" boolean DEFAULT true NOT NULL,
	"goals" jsonb NOT NULL,
	"goals_note" text,
	"request" jsonb NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"meal_plan_id" integer NOT NULL,
	"day_number" integer NOT NULL,
	"date" date NOT NULL,
	"meals" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_meal_plans" ADD CONSTRAINT "daily_meal_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_tasks" ADD CONSTRAINT "meal_plan_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_tasks" ADD CONSTRAINT "meal_plan_tasks_meal_plan_id_meal_plans_id_fk" FOREIGN KEY ("meal_plan_id") REFERENCES "public"."meal_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_days" ADD CONSTRAINT "plan_days_meal_plan_id_meal_plans_id_fk" FOREIGN KEY ("meal_plan_id") REFERENCES "public"."meal_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_meal_plans_user_created_idx" ON "daily_meal_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "meal_plan_tasks_user_created_idx" ON "meal_plan_tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "meal_plan_tasks_status_idx" ON "meal_plan_tasks" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "meal_plans_user_created_idx" ON "meal_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_days_plan_day_key" ON "plan_days" USING btree ("meal_plan_id","day_number");