import type { TourProgress } from '@prumo/contract/help';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { tourProgress } from '../../db/schema';

function describeProgress(row: { step: number; finishedAt: Date | null } | undefined): TourProgress {
  return { register_tour: row?.finishedAt != null, step: row?.step ?? 0 };
}

/** How far the user went in their tour; never started: step 0, not registered. */
export async function findTourProgress(db: Database, userId: number): Promise<TourProgress> {
  const [row] = await db
    .select({ step: tourProgress.step, finishedAt: tourProgress.finishedAt })
    .from(tourProgress)
    .where(eq(tourProgress.userId, userId));
  return describeProgress(row);
}

/**
 * Records a step reached, or the tour finished (`registerTour`), in one statement. A step never
 * undoes a finish: the browser's last step and its finish may arrive in either order, and only a
 * reset (`resetTourProgress`) starts the tour over.
 */
export async function saveTourProgress(
  db: Database,
  userId: number,
  change: { registerTour: boolean; step?: number },
): Promise<TourProgress> {
  const [row] = await db
    .insert(tourProgress)
    .values({ userId, step: change.step ?? 0, finishedAt: change.registerTour ? new Date() : null })
    .onConflictDoUpdate({
      target: tourProgress.userId,
      set: {
        ...(change.step !== undefined && { step: change.step }),
        ...(change.registerTour && { finishedAt: new Date() }),
        updatedAt: new Date(),
      },
    })
    .returning({ step: tourProgress.step, finishedAt: tourProgress.finishedAt });
  return describeProgress(row);
}

/** Starts the tour over from its first step. */
export async function resetTourProgress(db: Database, userId: number): Promise<TourProgress> {
  const [row] = await db
    .insert(tourProgress)
    .values({ userId, step: 0, finishedAt: null })
    .onConflictDoUpdate({ target: tourProgress.userId, set: { step: 0, finishedAt: null, updatedAt: new Date() } })
    .returning({ step: tourProgress.step, finishedAt: tourProgress.finishedAt });
  return describeProgress(row);
}
