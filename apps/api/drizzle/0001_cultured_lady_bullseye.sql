CREATE TABLE "food_seed_loads" (
	"version" text PRIMARY KEY NOT NULL,
	"foods" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "foods" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"food_type" text DEFAULT 'Generic' NOT NULL,
	"food_description" text DEFAULT '' NOT NULL,
	"food_group" text DEFAULT '' NOT NULL,
	"gtin" text,
	"serving_size" real DEFAULT 100 NOT NULL,
	"serving_unit" text DEFAULT 'g' NOT NULL,
	"servings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calories" real DEFAULT 0 NOT NULL,
	"protein" real DEFAULT 0 NOT NULL,
	"carbs" real DEFAULT 0 NOT NULL,
	"fat" real DEFAULT 0 NOT NULL,
	"fiber" real DEFAULT 0 NOT NULL,
	"sugar" real DEFAULT 0 NOT NULL,
	"sodium" real DEFAULT 0 NOT NULL,
	"potassium" real DEFAULT 0 NOT NULL,
	"saturated_fat" real DEFAULT 0 NOT NULL,
	"monounsaturated_fat" real DEFAULT 0 NOT NULL,
	"polyunsaturated_fat" real DEFAULT 0 NOT NULL,
	"trans_fat" real DEFAULT 0 NOT NULL,
	"cholesterol" real DEFAULT 0 NOT NULL,
	"search_head" text DEFAULT '' NOT NULL,
	"search_text" text NOT NULL,
	"commonness" real DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_head), 'A') || setweight(to_tsvector('english'::regconfig, search_text), 'C')) STORED NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_foods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"food_id" text,
	"food_name" text NOT NULL,
	"serving_size" text DEFAULT 'serving' NOT NULL,
	"serving_grams" real,
	"calories" real DEFAULT 0 NOT NULL,
	"protein" real DEFAULT 0 NOT NULL,
	"carbohydrates" real DEFAULT 0 NOT NULL,
	"fat" real DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"consumption_count" integer DEFAULT 0 NOT NULL,
	"last_consumed" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "food_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"food_id" text,
	"food_name" text DEFAULT 'Unknown Food' NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"serving_description" text DEFAULT 'serving' NOT NULL,
	"serving_grams" real,
	"number_of_servings" real DEFAULT 1 NOT NULL,
	"calories" real DEFAULT 0 NOT NULL,
	"protein" real DEFAULT 0 NOT NULL,
	"carbohydrates" real DEFAULT 0 NOT NULL,
	"fat" real DEFAULT 0 NOT NULL,
	"fiber" real DEFAULT 0 NOT NULL,
	"sugar" real DEFAULT 0 NOT NULL,
	"sodium" real DEFAULT 0 NOT NULL,
	"potassium" real DEFAULT 0 NOT NULL,
	"saturated_fat" real DEFAULT 0 NOT NULL,
	"monounsaturated_fat" real DEFAULT 0 NOT NULL,
	"polyunsaturated_fat" real DEFAULT 0 NOT NULL,
	"trans_fat" real DEFAULT 0 NOT NULL,
	"cholesterol" real DEFAULT 0 NOT NULL,
	"meal_type" text NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_foods" ADD CONSTRAINT "favorite_foods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_foods" ADD CONSTRAINT "favorite_foods_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_logs" ADD CONSTRAINT "food_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_logs" ADD CONSTRAINT "food_logs_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "foods_search_text_trgm_idx" ON "foods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "foods_search_vector_idx" ON "foods" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "foods_gtin_idx" ON "foods" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "foods_source_idx" ON "foods" USING btree ("source","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_foods_user_food_key" ON "favorite_foods" USING btree ("user_id","food_id") WHERE "favorite_foods"."food_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_foods_user_manual_name_key" ON "favorite_foods" USING btree ("user_id",lower("food_name")) WHERE "favorite_foods"."food_id" is null;--> statement-breakpoint
CREATE INDEX "food_logs_user_date_idx" ON "food_logs" USING btree ("user_id","date");