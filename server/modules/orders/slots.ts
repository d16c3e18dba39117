/** Delivery slots (ADR 013): two-hour windows of a point's hours, each taken by at most SLOT_CAPACITY orders. */
import type { SlotView } from '@core/contracts/orders';
import { deliverySlots, formatSlot, SLOT_CAPACITY, type Slot, type WeeklyHours } from '@core/rules/orders';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { nowOf, type OrdersDeps } from './orders.deps';
import { findReservations, releaseSlot, reserveSlot } from './orders.repository';

export const POINT_NOT_FOUND = 'Точка продаж не найдена';

/** The slot that starts at `start` among the ones still open to choose, if it is one. */
export function findOpenSlot(schedule: WeeklyHours, start: Date | undefined, now: Date): Slot | undefined {
  // Stryker disable next-line OptionalChaining: the contract requires a slot of every delivery group
  return deliverySlots(schedule, now).find((slot) => slot.start.getTime() === start?.getTime());
}

/** One more delivery in the slot, inside the checkout's transaction; 409 when it is full. */
export async function reserveDelivery(deps: OrdersDeps, tx: Executor, pointId: string, slot: Slot) {
  if (!(await reserveSlot(tx, pointId, slot.start, SLOT_CAPACITY))) {
    throw new AppError(
      'conflict',
      `Время доставки ${formatSlot(slot, nowOf(deps))} уже занято, выберите другое`,
    );
  }
}

/** A cancelled delivery frees its place in the slot. */
export const releaseDelivery = (tx: Executor, pointId: string, start: Date): Promise<void> =>
  releaseSlot(tx, pointId, start);

/** GET /api/points/{id}/slots: today's and tomorrow's delivery slots, full ones marked. */
export async function listSlots(deps: OrdersDeps, pointId: string): Promise<SlotView[]> {
  const [point] = await deps.catalog.listCheckoutPoints([pointId]);
  if (!point) throw new AppError('not_found', POINT_NOT_FOUND);
  const at = nowOf(deps);
  const taken = await findReservations(deps.db, pointId, at);
  return deliverySlots(point.schedule, at).map((slot) => {
    const reservation = taken.find((item) => item.slotStart.getTime() === slot.start.getTime());
    return {
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      label: formatSlot(slot, at),
      is_full: reservation ? reservation.reserved >= reservation.capacity : false,
    };
  });
}
