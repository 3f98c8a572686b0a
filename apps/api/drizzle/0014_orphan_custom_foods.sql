-- Custom foods are private to their owner; accounts deleted before issue 39 left theirs behind (created_by set null
-- by the foreign key), visible to nobody. Other users' log entries keep their copied name and nutrients (food_id is
-- set null by its own foreign key).
DELETE FROM "foods" WHERE "source" = 'custom' AND "created_by" IS NULL;
