CREATE TABLE "food_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "food_terms_trgm_idx" ON "food_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "foods_generic_search_vector_idx" ON "foods" USING gin ("search_vector") WHERE food_type = 'Generic';