CREATE INDEX "food_logs_user_date_created_idx" ON "food_logs" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
DROP INDEX "food_logs_user_date_idx";