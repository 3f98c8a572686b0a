CREATE TABLE "health_sync_status" (
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"last_synced_at" timestamp with time zone NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_sync_status_user_id_source_pk" PRIMARY KEY("user_id","source")
);
--> statement-breakpoint
CREATE TABLE "intake_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"calories" real NOT NULL,
	"protein" real DEFAULT 0 NOT NULL,
	"carbs" real DEFAULT 0 NOT NULL,
	"fat" real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sleep_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"quality" integer
);
--> statement-breakpoint
CREATE TABLE "weight_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time" text,
	"weight_kg" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"duration_min" real NOT NULL,
	"calories_burned" real,
	"distance_km" real
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "units" text DEFAULT 'metric' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "birth_year" integer;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "calcium" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "iron" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "magnesium" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "zinc" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "vitamin_a" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "vitamin_c" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "vitamin_d" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "vitamin_e" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "vitamin_k" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "vitamin_b6" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "vitamin_b12" real;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "folate" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "calcium" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "iron" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "magnesium" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "zinc" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "vitamin_a" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "vitamin_c" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "vitamin_d" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "vitamin_e" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "vitamin_k" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "vitamin_b6" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "vitamin_b12" real;--> statement-breakpoint
ALTER TABLE "food_logs" ADD COLUMN "folate" real;--> statement-breakpoint
ALTER TABLE "health_sync_status" ADD CONSTRAINT "health_sync_status_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_entries" ADD CONSTRAINT "intake_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sleep_entries" ADD CONSTRAINT "sleep_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_entries" ADD CONSTRAINT "weight_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intake_entries_user_source_date_key" ON "intake_entries" USING btree ("user_id","source","date");--> statement-breakpoint
CREATE INDEX "sleep_entries_user_date_idx" ON "sleep_entries" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "sleep_entries_sample_key" ON "sleep_entries" USING btree ("user_id","source","source_id") WHERE "sleep_entries"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "weight_entries_user_date_idx" ON "weight_entries" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "weight_entries_sample_key" ON "weight_entries" USING btree ("user_id","source","source_id") WHERE "weight_entries"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "workouts_user_date_idx" ON "workouts" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "workouts_sample_key" ON "workouts" USING btree ("user_id","source","source_id") WHERE "workouts"."source_id" is not null;