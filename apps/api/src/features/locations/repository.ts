/** The only SQL of the locations feature. Every query is scoped by the user id. */
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locations, saved_places } from '../../db/schema/index.ts';

export type LocationRow = typeof locations.$inferSelect;
export type SavedPlaceRow = typeof saved_places.$inferSelect;

export async function insertLocation(db: Db, row: typeof locations.$inferInsert): Promise<LocationRow> {
  const [created] = await db.insert(locations).values(row).returning();
  return created!;
}

/** Newest first, recorded at or after `since`. */
export async function locationsSince(db: Db, userId: number, since: Date, limit: number): Promise<LocationRow[]> {
  return db
    .select()
    .from(locations)
    .where(and(eq(locations.user_id, userId), gte(locations.recorded_at, since)))
    .orderBy(desc(locations.recorded_at), desc(locations.id))
    .limit(limit);
}

export async function deleteAllLocations(db: Db, userId: number): Promise<number> {
  return (await db.delete(locations).where(eq(locations.user_id, userId)).returning({ id: locations.id })).length;
}

/** Retention: every user's positions recorded before `before`. */
export async function deleteLocationsBefore(db: Db, before: Date): Promise<number> {
  return (await db.delete(locations).where(lt(locations.recorded_at, before)).returning({ id: locations.id })).length;
}

export async function listSavedPlaces(db: Db, userId: number): Promise<SavedPlaceRow[]> {
  return db.select().from(saved_places).where(eq(saved_places.user_id, userId)).orderBy(saved_places.label);
}

export async function upsertSavedPlace(db: Db, row: { user_id: number; label: string; latitude: number; longitude: number }): Promise<SavedPlaceRow> {
  const now = new Date();
  const [saved] = await db
    .insert(saved_places)
    .values({ ...row, updated_at: now })
    .onConflictDoUpdate({ target: [saved_places.user_id, saved_places.label], set: { latitude: row.latitude, longitude: row.longitude, updated_at: now } })
    .returning();
  return saved!;
}

export async function deleteSavedPlace(db: Db, userId: number, label: string): Promise<boolean> {
  return (await db.delete(saved_places).where(and(eq(saved_places.user_id, userId), eq(saved_places.label, label))).returning({ label: saved_places.label })).length > 0;
}
