/**
 * Rules of the locations feature: positions are the user's own, kept 30 days at most (older ones are
 * never read, and the cleanup job deletes them), and classified as home / work / other against the
 * places the user saved. Home and work are set explicitly (POST /locations/places) rather than guessed
 * from frequency: a guess would label a friend's flat "home" and cannot be corrected by the user.
 */
import { LOCATION_RETENTION_DAYS, RECENT_LOCATIONS_HOURS, parseInstant, type Location, type LocationCreate, type SavedPlace } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import { distanceMeters } from './geo.ts';
import * as repo from './repository.ts';

export type LocationContext = 'home' | 'work' | 'other';
/** A position within this many metres of a saved place counts as being there. */
export const SAVED_PLACE_RADIUS_M = 150;
/** A device clock a little ahead is fine; a position from the far future is a mistake. */
const MAX_FUTURE_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;
const MAX_LIST = 1000;

export const retentionStart = (now: Date) => new Date(now.getTime() - LOCATION_RETENTION_DAYS * DAY_MS);

function contextOf(lat: number, lon: number, places: repo.SavedPlaceRow[]): LocationContext {
  let best: { label: string; d: number } | null = null;
  for (const p of places) {
    const d = distanceMeters(lat, lon, p.latitude, p.longitude);
    if (d <= SAVED_PLACE_RADIUS_M && (!best || d < best.d)) best = { label: p.label, d };
  }
  return (best?.label as LocationContext | undefined) ?? 'other';
}

function toLocation(r: repo.LocationRow, places: repo.SavedPlaceRow[]): Location {
  return {
    id: r.id,
    latitude: r.latitude,
    longitude: r.longitude,
    accuracy: r.accuracy,
    recorded_at: r.recorded_at.toISOString(),
    location_context: contextOf(r.latitude, r.longitude, places),
  };
}

export async function record(db: Db, userId: number, body: LocationCreate, now = new Date()): Promise<Location> {
  const at = body.recorded_at !== undefined ? new Date(parseInstant(body.recorded_at)!) : now;
  if (at < retentionStart(now)) throw unprocessable(`recorded_at is more than ${LOCATION_RETENTION_DAYS} days ago; older positions are not kept`, ['body', 'recorded_at']);
  if (at.getTime() > now.getTime() + MAX_FUTURE_MS) throw unprocessable('recorded_at is in the future', ['body', 'recorded_at']);
  const row = await repo.insertLocation(db, { user_id: userId, latitude: body.latitude, longitude: body.longitude, accuracy: body.accuracy ?? null, recorded_at: at });
  return toLocation(row, await repo.listSavedPlaces(db, userId));
}

export async function recent(db: Db, userId: number, hours = RECENT_LOCATIONS_HOURS, now = new Date()): Promise<Location[]> {
  const since = new Date(Math.max(now.getTime() - hours * 3_600_000, retentionStart(now).getTime()));
  const [rows, places] = await Promise.all([repo.locationsSince(db, userId, since, MAX_LIST), repo.listSavedPlaces(db, userId)]);
  return rows.map((r) => toLocation(r, places));
}

export async function last(db: Db, userId: number, now = new Date()): Promise<Location> {
  const [row] = await repo.locationsSince(db, userId, retentionStart(now), 1);
  if (!row) throw notFound('No location recorded');
  return toLocation(row, await repo.listSavedPlaces(db, userId));
}

export async function deleteHistory(db: Db, userId: number): Promise<{ deleted: number }> {
  return { deleted: await repo.deleteAllLocations(db, userId) };
}

/**
 * Where the user is now, for reminders: home or work when the last position of the last 24 hours is
 * near the saved place, other when it is not; null when there is no recent position or the user has
 * saved no places (we cannot tell home from elsewhere, so reminders leave location_context out).
 */
export async function lastLocationContext(db: Db, userId: number, now = new Date()): Promise<LocationContext | null> {
  const since = new Date(now.getTime() - RECENT_LOCATIONS_HOURS * 3_600_000);
  const [[row], places] = await Promise.all([repo.locationsSince(db, userId, since, 1), repo.listSavedPlaces(db, userId)]);
  if (!row || places.length === 0) return null;
  return contextOf(row.latitude, row.longitude, places);
}

/** Retention job body: removes every user's positions older than 30 days. */
export async function purgeOld(db: Db, now = new Date()): Promise<number> {
  return repo.deleteLocationsBefore(db, retentionStart(now));
}

const toSavedPlace = (r: repo.SavedPlaceRow): SavedPlace => ({ label: r.label as SavedPlace['label'], latitude: r.latitude, longitude: r.longitude, updated_at: r.updated_at.toISOString() });

export async function savedPlaces(db: Db, userId: number): Promise<SavedPlace[]> {
  return (await repo.listSavedPlaces(db, userId)).map(toSavedPlace);
}

export async function savePlace(db: Db, userId: number, body: { label: 'home' | 'work'; latitude: number; longitude: number }): Promise<SavedPlace> {
  return toSavedPlace(await repo.upsertSavedPlace(db, { user_id: userId, ...body }));
}

export async function forgetPlace(db: Db, userId: number, label: string): Promise<void> {
  if (!(await repo.deleteSavedPlace(db, userId, label))) throw notFound('Saved place not found');
}
